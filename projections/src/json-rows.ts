import { sql, type InsertQueryBuilder, type InsertResult, type Kysely } from 'kysely';
import { ONE_TEXT, type NewRow, type ReadModels } from './db.ts';

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
  /** jsonb columns written as JSON text (as kysely writes them, cast by PostgreSQL): parsed here too, not kept as a string. */
  { jsonText = [] }: { jsonText?: ReadonlyArray<keyof NewRow<Table> & string> } = {},
): InsertQueryBuilder<ReadModels, Table, InsertResult> => {
  const columns = definedKeys(rows[0]!);
  const insert = db.insertInto(table);
  const columnSet = new Set(columns);
  if (!rows.every((row) => sameKeys(row, columnSet))) return insert.values(rows);
  return insert
    .columns(columns as never)
    .expression(
      sql`SELECT ${sql.raw(ONE_TEXT)} ${sql.join(
        columns.map((column) =>
          (jsonText as readonly string[]).includes(column) ? sql`(${sql.ref(`rows.${column}`)} #>> '{}')::jsonb` : sql.ref(`rows.${column}`),
        ),
      )} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows)}::json) AS rows`,
    );
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
