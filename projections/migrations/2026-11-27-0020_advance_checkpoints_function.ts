import { sql, type Kysely } from 'kysely';

// Frozen once landed. A lane batch's checkpoint compare-and-set as a function of the schema
// (checkpoints.ts: commitBatch), so that it and the COMMIT go to PostgreSQL in one round trip: a
// statement with parameters cannot share a string with another (pg's extended protocol), a call with
// literals can, and the function's statement is planned once per connection like the named one was.
// It raises (SQLSTATE T0001) when a checkpoint is not where the caller left it, so the COMMIT after
// it in the same string never runs. Used by the operational schema's migration of the same name too.

/** The schema this migration runs in (Kysely's withSchema names it in every query it builds). */
const schemaOf = (db: Kysely<any>): string => {
  const match = /from "([^"]+)"\."projection_checkpoints"/.exec(db.selectFrom('projection_checkpoints').selectAll().compile().sql);
  if (!match) throw new Error('advance_checkpoints: migrations run in a named schema');
  return match[1]!;
};

export const up = async (db: Kysely<any>): Promise<void> => {
  const schema = `"${schemaOf(db)}"`;
  await sql
    .raw(
      `CREATE FUNCTION ${schema}.advance_checkpoints(names text[], previous text[], next text, channel text, payload text)
RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  moved bigint;
BEGIN
  WITH expected AS (SELECT * FROM unnest(names, previous) AS e(name, previous)),
  created AS (
    INSERT INTO ${schema}.projection_checkpoints (name, position, updated_at)
    SELECT e.name, next, now() FROM expected e WHERE e.previous = 'start'
    ON CONFLICT (name) DO NOTHING
    RETURNING name
  ),
  updated AS (
    UPDATE ${schema}.projection_checkpoints AS c SET position = next, updated_at = now()
    FROM expected e WHERE c.name = e.name AND c.position = e.previous
    RETURNING c.name
  )
  SELECT (SELECT count(*) FROM created) + (SELECT count(*) FROM updated) INTO moved;
  IF moved <> cardinality(names) THEN
    RAISE EXCEPTION 'Checkpoint of % moved underneath this runner', array_to_string(names, ', ') USING ERRCODE = 'T0001';
  END IF;
  IF channel IS NOT NULL THEN
    PERFORM pg_notify(channel, payload);
  END IF;
END
$fn$`,
    )
    .execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await sql.raw(`DROP FUNCTION "${schemaOf(db)}".advance_checkpoints(text[], text[], text, text, text)`).execute(db);
};
