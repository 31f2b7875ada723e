import { sql, type CompiledQuery, type InsertQueryBuilder, type InsertResult, type Kysely } from 'kysely';
import { executeShaped, ONE_TEXT, type NewRow, type ReadModels } from './db.ts';

/** An ON CONFLICT clause of `insertRows`, named: the name is part of the statement's shape (one text per name and table). */
export interface OnConflict<Table extends keyof ReadModels> {
  name: string;
  clause: Parameters<InsertQueryBuilder<ReadModels, Table, InsertResult>['onConflict']>[0];
}

/** An insert `insertRows` made, to run (or, for a test, to see compiled). */
export interface RowsInsert {
  execute(): Promise<void>;
  compile(): CompiledQuery;
}

/**
 * An INSERT of many rows as one parameter: the rows as JSON, turned into the table's own row type by
 * PostgreSQL (json_populate_recordset), so its text is the same whatever the number of rows. Why:
 * kysely's multi-row VALUES builds, compiles and binds a node per value — 1.4 s of a 200,000-event
 * rebuild's 7.1 s of samples went to that — and a text per row count is planned every time.
 * Rows whose keys differ (a column left to its default in some) take kysely's VALUES, which writes
 * DEFAULT where a row has no value. Its one text is sent as a named statement (db.ts: ONE_TEXT), so
 * PostgreSQL plans it once per connection.
 */
export const insertRows = <Table extends keyof ReadModels>(
  db: Kysely<ReadModels>,
  table: Table,
  rows: ReadonlyArray<NewRow<Table>>,
  {
    jsonText = [],
    onConflict,
  }: {
    /** jsonb columns written as JSON text (as kysely writes them, cast by PostgreSQL): parsed here too, not kept as a string. */
    jsonText?: ReadonlyArray<keyof NewRow<Table> & string>;
    onConflict?: OnConflict<Table>;
  } = {},
): RowsInsert => {
  const columns = definedKeys(rows[0]!);
  const columnSet = new Set(columns);
  const withConflict = (insert: InsertQueryBuilder<ReadModels, Table, InsertResult>) => (onConflict ? insert.onConflict(onConflict.clause) : insert);
  if (!rows.every((row) => sameKeys(row, columnSet))) {
    const query = withConflict(db.insertInto(table).values(rows));
    return { execute: async () => void (await query.execute()), compile: () => query.compile() };
  }
  // Built and compiled once per schema and shape (db.ts, executeShaped); each call binds its rows' JSON.
  const shape = `insert ${table} (${columns.join(',')}) json ${jsonText.join(',')} ${onConflict?.name ?? ''}`;
  const build = ([json]: readonly string[]) =>
    withConflict(
      db
        .insertInto(table)
        .columns(columns as never)
        .expression(
          sql`SELECT ${sql.raw(ONE_TEXT)} ${sql.join(
            columns.map((column) =>
              (jsonText as readonly string[]).includes(column) ? sql`(${sql.ref(`rows.${column}`)} #>> '{}')::jsonb` : sql.ref(`rows.${column}`),
            ),
          )} FROM json_populate_recordset(NULL::${sql.table(table)}, ${json}::json) AS rows`,
        ),
    );
  return {
    execute: async () => void (await executeShaped(db, shape, [JSON.stringify(rows)], build)),
    compile: () => build([JSON.stringify(rows)]).compile(),
  };
};

const definedKeys = (row: object): string[] => Object.keys(row).filter((key) => (row as Record<string, unknown>)[key] !== undefined);

/** Whether the row's defined keys are `columns`, in any order (checked without allocating: it runs for every row). */
const sameKeys = (row: object, columns: ReadonlySet<string>): boolean => {
  let count = 0;
  for (const key in row) {
    if ((row as Record<string, unknown>)[key] === undefined) continue;
    if (!columns.has(key)) return false;
    count++;
  }
  return count === columns.size;
};
