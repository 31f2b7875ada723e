import {
  createQueryId,
  Kysely,
  PostgresDialect,
  type ColumnType,
  type CompiledQuery,
  type Compilable,
  type Insertable,
  type QueryExecutor,
  type QueryResult,
  type Selectable,
  type Updateable,
} from 'kysely';
import pg from 'pg';
import { pgConnectionOptions } from '@tracker/eventstore/pg-connection-options';

/** A timestamptz column: read as a Date, written as a Date or an ISO instant. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A date column: a 'YYYY-MM-DD' string both ways (see the DATE type parser below). */
export type LocalDateColumn = ColumnType<string, string, string>;

export interface ProjectionCheckpointsTable {
  name: string;
  position: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/**
 * Every read-model table: each feature declares its own beside its queries and adds them here from
 * its tables file (`declare module '../db.ts'`), so this file lists no feature.
 */
export interface ReadModels {
  projection_checkpoints: ProjectionCheckpointsTable;
}

export type ReadModelDb = Kysely<ReadModels>;

/**
 * A row of a read-model table as a query reads it (kysely's `Selectable`): `Row<'users'>`. Row types
 * are named by their table here, once, rather than aliased in every feature's tables file.
 */
export type Row<Table extends keyof ReadModels> = Selectable<ReadModels[Table]>;
/** What an insert into the table writes (`Insertable`). */
export type NewRow<Table extends keyof ReadModels> = Insertable<ReadModels[Table]>;
/** What an update of the table sets (`Updateable`). */
export type RowUpdate<Table extends keyof ReadModels> = Updateable<ReadModels[Table]>;

// DATE columns stay 'YYYY-MM-DD' strings: a calendar date has no time zone to shift.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** SQL texts sent as named statements (`prepared`), with their names. */
const preparedNames = new Map<string, string>();

/**
 * Put in a statement built to have one text whatever its values (many rows as one JSON or array
 * parameter: json-rows.ts, the projectors' batched updates), it has the statement named by its text
 * too, without a `named` call — the projections' writes, planned once per connection rather than at
 * every batch. Their texts are few: one per table and set of columns (and schema, for a rebuild's).
 */
export const ONE_TEXT = '/* one text */';

const nameOf = (text: string): string | undefined => {
  const name = preparedNames.get(text);
  if (name !== undefined || !text.includes(ONE_TEXT)) return name;
  named('one_text', { sql: text });
  return preparedNames.get(text);
};

/**
 * A client that sends the texts `prepared` names (and those marked ONE_TEXT) as named statements:
 * PostgreSQL plans each once per connection and keeps the plan (re-planned by itself when a table it
 * reads changes).
 */
export class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length === 2 && Array.isArray(values) ? nameOf(text) : undefined;
    const send = (...given: unknown[]): never => (super.query as (...sent: unknown[]) => never).apply(this, given);
    if (!name) return send(...args);
    return (send({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      // A kept plan whose columns changed underneath ("cached plan must not change result type": a
      // newer process's migration added a column to a table read with *): prepared again, renamed.
      if ((error as { code?: string }).code !== FEATURE_NOT_SUPPORTED || preparedNames.get(text as string) !== name) throw error;
      const renamed = `${name}_${preparedNames.size}_again`;
      preparedNames.set(text as string, renamed);
      return send({ name: renamed, text, values });
    }) as never;
  }
}
const FEATURE_NOT_SUPPORTED = '0A000';

/**
 * Runs `query` as a named statement, planned once per connection: for the reads every command answers
 * with, whose planning took longer than their running (pg_stat_statements at 16 clients: an
 * actionable's answer 0.184 ms planned, 0.048–0.063 ms run). Only for queries whose best plan does
 * not depend on the values given (keys and ids), as PostgreSQL may keep one generic plan for them.
 */
export const prepared = async <Output>(db: ReadModelDb, name: string, query: Compilable<Output>): Promise<Output[]> => {
  const compiled = query.compile();
  return (await db.executeQuery(named(name, compiled))).rows;
};

/**
 * A read whose text is the same on every call, only its values change: built and compiled by kysely
 * once per database handle, then sent as a named statement with each call's values. For the hottest
 * reads, where building and compiling the query cost more than PostgreSQL's running it (the
 * dashboard summary: 0.95 ms of kysely per request, its statement 1.2 ms). `build` must use each
 * of `params` only as a value of the query (no arithmetic, no branching on it): it is called once
 * with placeholders, and a placeholder found changed, or missing, fails the first call.
 */
export const preparedRead = <Params extends object, Output>(
  name: string,
  build: (db: ReadModelDb, params: Params) => Compilable<Output>,
): ((db: ReadModelDb, params: Params) => Promise<Output[]>) => {
  const templates = new WeakMap<ReadModelDb, { compiled: CompiledQuery<Output>; slots: Array<{ key: string } | { value: unknown }> }>();
  const templateFor = (db: ReadModelDb, keys: string[]) => {
    let template = templates.get(db);
    if (!template) {
      const placeholders = Object.fromEntries(keys.map((key) => [key, `\u0000${name}:${key}\u0000`])) as unknown as Params;
      const compiled = named(name, build(db, placeholders).compile());
      const byPlaceholder = new Map<unknown, string>(keys.map((key) => [(placeholders as Record<string, unknown>)[key], key]));
      const slots = compiled.parameters.map((value) => {
        const key = typeof value === 'string' ? byPlaceholder.get(value) : undefined;
        if (key !== undefined) return { key };
        if (typeof value === 'string' && value.includes('\u0000'))
          throw new Error(`${name}: a parameter was computed from a placeholder (${JSON.stringify(value)})`);
        return { value };
      });
      const used = new Set(slots.flatMap((slot) => ('key' in slot ? [slot.key] : [])));
      const unused = keys.filter((key) => !used.has(key));
      if (unused.length > 0) throw new Error(`${name}: ${unused.join(', ')} not found among the query's values`);
      template = { compiled, slots };
      templates.set(db, template);
    }
    return template;
  };
  return async (db, params) => {
    const { compiled, slots } = templateFor(db, Object.keys(params));
    const parameters = slots.map((slot) => ('key' in slot ? (params as Record<string, unknown>)[slot.key] : slot.value));
    return (await db.executeQuery<Output>({ ...compiled, parameters })).rows;
  };
};

/** Statements built once, by the schema their handle binds to (its schema plugin, shared by every connection and transaction of it) and shape. */
const shapedBySchema = new WeakMap<object, Map<string, { compiled: CompiledQuery; slots: number[] }>>();
/** What a handle without a schema plugin binds to. */
const NO_SCHEMA = {};

/**
 * Runs a statement whose text depends only on `shape` (a table and its columns, say), built and
 * compiled by kysely once per schema and shape; later calls only bind `values`, in the places where
 * `build` put the placeholders it was given. For the projections' batched writes, whose texts are few
 * (ONE_TEXT): building and compiling them for every batch (the schema plugin walking each tree) was
 * 0.4–0.6 ms of the projection thread's CPU per command. `build` must use each placeholder only as a
 * value of the query, and nothing else that changes between calls: a placeholder found changed, or
 * missing, fails the first call.
 */
export const executeShaped = async <Row = unknown>(
  db: { getExecutor(): QueryExecutor; executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> },
  shape: string,
  values: readonly unknown[],
  build: (placeholders: readonly string[]) => Compilable<Row>,
): Promise<QueryResult<Row>> => {
  const schema = db.getExecutor().plugins[0] ?? NO_SCHEMA;
  let byShape = shapedBySchema.get(schema);
  if (!byShape) shapedBySchema.set(schema, (byShape = new Map<string, { compiled: CompiledQuery; slots: number[] }>()));
  let template = byShape.get(shape);
  if (!template) {
    const placeholders = values.map((_, index) => `\u0000${shape}:${index}\u0000`);
    const compiled = build(placeholders).compile();
    const slots = compiled.parameters.map((value) => (typeof value === 'string' ? placeholders.indexOf(value) : -1));
    if (compiled.parameters.some((value, index) => slots[index] === -1 && typeof value === 'string' && value.includes('\u0000')))
      throw new Error(`${shape}: a parameter was computed from a placeholder`);
    const unused = placeholders.filter((_, index) => !slots.includes(index));
    if (unused.length > 0) throw new Error(`${shape}: placeholders ${unused.join(', ')} not found among the query's values`);
    byShape.set(shape, (template = { compiled, slots }));
  }
  const { compiled, slots } = template;
  return db.executeQuery<Row>({
    ...(compiled as CompiledQuery<Row>),
    queryId: createQueryId(),
    parameters: slots.map((slot, index) => (slot >= 0 ? values[slot] : compiled.parameters[index])),
  });
};

/** `compiled`, to be sent as a named statement by a pool of PreparingClients (each text named once). */
export const named = <Query extends { sql: string }>(name: string, compiled: Query): Query => {
  if (!preparedNames.has(compiled.sql)) preparedNames.set(compiled.sql, `rm_${name}_${preparedNames.size}`);
  return compiled;
};

export interface ReadModelDbHandle {
  db: ReadModelDb;
  pool: pg.Pool;
  schema: string;
  destroy(): Promise<void>;
}

/** Kysely over the read-model schema (`rm` unless told): every query and migration is bound to it. */
export const createReadModelDb = (connectionString: string, schema = 'rm', poolSize = 10): ReadModelDbHandle => {
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString,
    max: poolSize,
    idle_in_transaction_session_timeout: 10_000,
    application_name: 'read-models',
    ...pgConnectionOptions,
    // Read models are derived: a commit lost in a PostgreSQL crash takes its checkpoint with it (same
    // WAL), and the runner applies those events again. So projection commits need not wait for the
    // disk — the events they come from already did.
    options: '-c synchronous_commit=off',
  });
  // A dropped connection fails the query using it; it must not also crash the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const base = new Kysely<ReadModels>({ dialect: new PostgresDialect({ pool }) });
  return { db: base.withSchema(schema), pool, schema, destroy: () => base.destroy() };
};
