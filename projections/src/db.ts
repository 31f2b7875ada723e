import { Kysely, PostgresDialect, type ColumnType, type Insertable, type Selectable, type Updateable } from 'kysely';
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

export interface ReadModelDbHandle {
  db: ReadModelDb;
  pool: pg.Pool;
  schema: string;
  destroy(): Promise<void>;
}

/** Kysely over the read-model schema (`rm` unless told): every query and migration is bound to it. */
export const createReadModelDb = (connectionString: string, schema = 'rm', poolSize = 10): ReadModelDbHandle => {
  const pool = new pg.Pool({
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
