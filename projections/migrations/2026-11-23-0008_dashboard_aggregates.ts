import { sql, type Kysely } from 'kysely';

// Frozen once landed. What the dashboard summary counts, summed ahead per user and local day: items
// touched (created, due or completed) per day and per pair of consecutive touched days, completed
// work items and standing actionable completions per day. Kept by statement triggers on the rows they
// summarise (goals, tasks, subtasks, actionables, actionable_completions), so in the same transaction
// as every write to them, whoever writes; filled here from the rows already there.
//
// How a range is counted (dashboard.queries.ts): an item's touched days, sorted, d1 < d2 < … < dn, are
// entries (di, di, +1) and (di, di+1, −1). The days of one item that fall in a range are consecutive
// in that order, k of them bring k − 1 pairs, so the entries with startDate ≤ from ≤ to ≤ endDate sum
// to 1 for an item touched in the range and 0 otherwise: the count of items, without reading them.
//
// Days are local dates in the user's zone (user_settings, else UTC) for instants, and the recorded
// local date for completions. A table's rows for a user are all in one zone (the column says which):
// a read in another zone counts from the items themselves. When the user's zone has changed, the next
// write for that user sums the user's rows again in the new zone.

const AGGREGATES = ['goals_by_day', 'tasks_by_day', 'subtasks_by_day', 'actionables_by_day'] as const;

/** The item table each aggregate sums, its due instant, and the trigger function's mode. */
export const SOURCES = [
  { table: 'goals', aggregate: 'goals_by_day', mode: 'work' },
  { table: 'tasks', aggregate: 'tasks_by_day', mode: 'work' },
  { table: 'subtasks', aggregate: 'subtasks_by_day', mode: 'work' },
  { table: 'actionables', aggregate: 'actionables_by_day', mode: 'actionable' },
  { table: 'actionable_completions', aggregate: 'actionables_by_day', mode: 'completion' },
] as const;

// The functions live in `public`, not in the read-model schema: a rebuild moves tables between
// schemas and drops the schema it leaves behind (CASCADE), which would drop the triggers of moved
// tables with their function. They serve `rm` and any rebuild schema alike (the firing table's schema,
// TG_TABLE_SCHEMA); CREATE OR REPLACE keeps them the same.
const FUNCTIONS = sql`
CREATE OR REPLACE FUNCTION public.rm_zone_or_utc(zone text) RETURNS text LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  -- A zone this PostgreSQL does not know (older tz data) counts in UTC: reads in it then take the slow path.
  PERFORM now() AT TIME ZONE zone;
  RETURN coalesce(zone, 'UTC');
EXCEPTION WHEN OTHERS THEN
  RETURN 'UTC';
END $fn$;

CREATE OR REPLACE FUNCTION public.rm_day_entries(zone text, instants timestamptz[], recorded date[], completed_at timestamptz)
RETURNS TABLE (from_date date, to_date date, items integer, completed integer) LANGUAGE sql STABLE AS $fn$
  WITH days AS (
    SELECT DISTINCT d FROM (
      SELECT (t AT TIME ZONE zone)::date AS d FROM unnest(instants) AS t WHERE t IS NOT NULL
      UNION ALL
      SELECT r FROM unnest(recorded) AS r WHERE r IS NOT NULL
    ) AS touched
  ), ordered AS (SELECT d, lag(d) OVER (ORDER BY d) AS prev FROM days)
  SELECT d, d, 1, 0 FROM ordered
  UNION ALL
  SELECT prev, d, -1, 0 FROM ordered WHERE prev IS NOT NULL
  UNION ALL
  SELECT (completed_at AT TIME ZONE zone)::date, (completed_at AT TIME ZONE zone)::date, 0, 1 WHERE completed_at IS NOT NULL
$fn$;

CREATE OR REPLACE FUNCTION public.rm_sum_items_by_day(schema_name text, aggregate text, mode text, users uuid[]) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  s text := quote_ident(schema_name);
  agg text := s || '.' || quote_ident(aggregate);
BEGIN
  -- The users' rows summed from scratch, in each one's zone now.
  EXECUTE format('DELETE FROM %s WHERE user_id = ANY($1)', agg) USING users;
  EXECUTE format(
    'WITH z AS (SELECT u AS user_id, public.rm_zone_or_utc((SELECT timezone FROM %1$s.user_settings WHERE user_id = u)) AS zone FROM unnest($1::uuid[]) u),
          e AS (%2$s)
     INSERT INTO %3$s (user_id, timezone, from_date, to_date, items, completed)
     SELECT user_id, zone, from_date, to_date, sum(items), sum(completed) FROM e GROUP BY 1, 2, 3, 4
     HAVING sum(items) <> 0 OR sum(completed) <> 0',
    s,
    CASE WHEN mode = 'work' THEN format(
      'SELECT i.user_id, z.zone, e.* FROM %s.%s i JOIN z USING (user_id)
         CROSS JOIN LATERAL public.rm_day_entries(z.zone, ARRAY[i.created_at, i.due_date, i.completed_at], NULL, CASE WHEN i.status = ''completed'' THEN i.completed_at END) e',
      s, quote_ident(replace(aggregate, '_by_day', '')))
    ELSE format(
      'SELECT i.user_id, z.zone, e.* FROM %1$s.actionables i JOIN z USING (user_id)
         CROSS JOIN LATERAL public.rm_day_entries(z.zone, ARRAY[i.created_at, i.deadline, i.completed_at],
           ARRAY(SELECT c.local_date FROM %1$s.actionable_completions c WHERE c.actionable_id = i.id AND c.user_id = i.user_id), NULL) e
       UNION ALL
       SELECT c.user_id, z.zone, c.local_date, c.local_date, 0, 1 FROM %1$s.actionable_completions c JOIN z USING (user_id)', s) END,
    agg) USING users;
END $fn$;

`;

type Source = (typeof SOURCES)[number];
type Operation = 'INSERT' | 'UPDATE' | 'DELETE';

const functionName = (table: string, operation: Operation) => `public.rm_${table}_by_day_${operation.toLowerCase()}`;

/**
 * The trigger function of one source table and operation. Its SQL is static, so PL/pgSQL plans it once
 * per session and keeps the plan (a dynamic EXECUTE was planned on every call: 1.5–2.5 ms of planning
 * against 0.5–1 ms of work, on every write). Tables are named without a schema and found through the
 * search path, set to the firing table's schema for the call (a plan is made again when that differs:
 * during a rebuild). A transition table the operation has not got reads as no rows of the same shape.
 * The options are later migrations' versions (`completionsOfItem`: 0018, `probeSums`: 0022); without
 * them it is this migration's own, as landed.
 */
export const triggerFunction = (
  { table, aggregate, mode }: Source,
  operation: Operation,
  { completionsOfItem = 'c.actionable_id = i.id AND c.user_id = i.user_id', probeSums = false } = {},
): string => {
  const oldRows = operation === 'INSERT' ? `(SELECT * FROM ${table} WHERE false)` : 'old_rows';
  const newRows = operation === 'DELETE' ? `(SELECT * FROM ${table} WHERE false)` : 'new_rows';
  const users = `SELECT user_id FROM ${oldRows} o UNION SELECT user_id FROM ${newRows} n`;
  // One item's entries: work items by their own instants; actionables add their completions' recorded dates.
  const itemEntries = (completions = 'NULL') =>
    mode === 'work'
      ? `public.rm_day_entries(z.zone, ARRAY[i.created_at, i.due_date, i.completed_at], NULL, CASE WHEN i.status = 'completed' THEN i.completed_at END)`
      : `public.rm_day_entries(z.zone, ARRAY[i.created_at, i.deadline, i.completed_at], ${completions}, NULL)`;
  // An item's completions between the touched days next to the changed ones. Entries change nowhere
  // else, so both sides are summed over these (O(1) index probes), not over the item's whole history.
  const completionsNear = (changedDays: string, extra = '') =>
    `ARRAY(SELECT c.local_date FROM actionable_completions c WHERE ${completionsOfItem}
       AND c.local_date >= coalesce((SELECT max(p.local_date) FROM actionable_completions p WHERE p.actionable_id = i.id AND p.local_date < (SELECT min(local_date) FROM ${changedDays} w)), '-infinity'::date)
       AND c.local_date <= coalesce((SELECT min(q.local_date) FROM actionable_completions q WHERE q.actionable_id = i.id AND q.local_date > (SELECT max(local_date) FROM ${changedDays} w)), 'infinity'::date)${extra})`;
  // Completions changed: their days.
  const changedDays = `(SELECT x.local_date FROM (SELECT actionable_id, local_date FROM ${newRows} UNION ALL SELECT actionable_id, local_date FROM ${oldRows}) x WHERE x.actionable_id = i.id)`;
  // The item's own instants changed (a habit's completion sets completed_at): the days of those that
  // changed, in the zone the rows are summed in.
  const changedInstantDays = `(SELECT (v.t AT TIME ZONE z.zone)::date AS local_date
      FROM (SELECT unnest(ARRAY[o.created_at, o.deadline, o.completed_at]) AS was, unnest(ARRAY[n.created_at, n.deadline, n.completed_at]) AS now
              FROM ${oldRows} o FULL JOIN ${newRows} n ON n.id = o.id WHERE coalesce(n.id, o.id) = i.id) x
      CROSS JOIN LATERAL (VALUES (x.was), (x.now)) v(t)
     WHERE x.was IS DISTINCT FROM x.now AND v.t IS NOT NULL)`;
  const itemRows = (entries: string) => `SELECT -1 AS sign, i.user_id, z.zone, e.* FROM ${oldRows} i JOIN z USING (user_id) CROSS JOIN LATERAL ${entries} e
       UNION ALL
       SELECT 1, i.user_id, z.zone, e.* FROM ${newRows} i JOIN z USING (user_id) CROSS JOIN LATERAL ${entries} e`;
  const changedItems = `i.id IN (SELECT actionable_id FROM ${oldRows} o UNION SELECT actionable_id FROM ${newRows} n)`;
  const entries =
    mode === 'work'
      ? itemRows(itemEntries())
      : mode === 'actionable'
        ? itemRows(itemEntries(completionsNear(changedInstantDays)))
        : // Completions: each brings its day; and its actionable's touched days change (before: as if the
          // statement had not run, its new rows out and its old rows back in).
          `SELECT -1 AS sign, o.user_id, z.zone, o.local_date AS from_date, o.local_date AS to_date, 0 AS items, 1 AS completed FROM ${oldRows} o JOIN z USING (user_id)
       UNION ALL
       SELECT 1, n.user_id, z.zone, n.local_date, n.local_date, 0, 1 FROM ${newRows} n JOIN z USING (user_id)
       UNION ALL
       SELECT -1, i.user_id, z.zone, e.* FROM actionables i JOIN z USING (user_id)
         CROSS JOIN LATERAL ${itemEntries(
           completionsNear(
             changedDays,
             ` AND c.event_id NOT IN (SELECT event_id FROM ${newRows} n) UNION ALL SELECT o.local_date FROM ${oldRows} o WHERE o.actionable_id = i.id AND o.user_id = i.user_id`,
           ),
         )} e
         WHERE ${changedItems}
       UNION ALL
       SELECT 1, i.user_id, z.zone, e.* FROM actionables i JOIN z USING (user_id)
         CROSS JOIN LATERAL ${itemEntries(completionsNear(changedDays))} e
         WHERE ${changedItems}`;
  const key = mode === 'completion' ? 'event_id' : 'id';
  const dayColumns =
    mode === 'work'
      ? ['user_id', 'created_at', 'due_date', 'completed_at', 'status']
      : mode === 'actionable'
        ? ['user_id', 'created_at', 'deadline', 'completed_at']
        : ['user_id', 'actionable_id', 'local_date'];
  const columnsOf = (alias: string) => dayColumns.map((column) => `${alias}.${column}`).join(', ');
  return `CREATE OR REPLACE FUNCTION ${functionName(table, operation)}() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  saved_path text := current_setting('search_path');
  rebucket uuid[];
  touched boolean;
BEGIN
  PERFORM set_config('search_path', quote_ident(TG_TABLE_SCHEMA) || ', public', true);
  ${
    operation === 'UPDATE'
      ? `-- Most updates (titles, points, streaks) change no day: nothing to do.
  SELECT EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.${key} = o.${key}
                  WHERE (o.*) IS NULL OR (n.*) IS NULL OR (${columnsOf('o')}) IS DISTINCT FROM (${columnsOf('n')}))
    INTO touched;
  IF NOT touched THEN
    PERFORM set_config('search_path', saved_path, true);
    RETURN NULL;
  END IF;`
      : ''
  }
  -- One statement: what the rows bring now less what they brought before, for users whose rows are
  -- in their zone (a row that comes to nothing is deleted); it answers the users whose rows are in
  -- another zone than theirs now (the zone is checked, a subtransaction, only when the rows' zone is
  -- not the setting as it stands), whose rows are then summed again from all their items.
  WITH u AS (SELECT DISTINCT user_id FROM (${users}) x),
  z1 AS (
    SELECT user_id, kept, CASE WHEN kept IS NOT NULL AND kept = setting THEN kept ELSE public.rm_zone_or_utc(setting) END AS zone
    FROM (SELECT u.user_id, (SELECT a.timezone FROM ${aggregate} a WHERE a.user_id = u.user_id${probeSums ? ' ORDER BY a.from_date, a.to_date' : ''} LIMIT 1) AS kept,
                 coalesce((SELECT x.timezone FROM user_settings x WHERE x.user_id = u.user_id), 'UTC') AS setting
          FROM u) AS users),
  z AS (SELECT user_id, zone FROM z1 WHERE kept IS NULL OR kept = zone),
  e AS (${entries}),
  d AS (SELECT user_id, zone, from_date, to_date, sum(sign * items)::int AS items, sum(sign * completed)::int AS completed
        FROM e GROUP BY 1, 2, 3, 4 HAVING sum(sign * items) <> 0 OR sum(sign * completed) <> 0),
  cur AS (SELECT d.*, a.items AS had_items, a.completed AS had_completed
          FROM d LEFT JOIN ${
            probeSums
              ? `LATERAL (SELECT s.items, s.completed FROM ${aggregate} s WHERE s.user_id = d.user_id AND s.from_date = d.from_date AND s.to_date = d.to_date OFFSET 0) a ON true`
              : `${aggregate} a ON a.user_id = d.user_id AND a.from_date = d.from_date AND a.to_date = d.to_date`
          }),
  gone AS (DELETE FROM ${aggregate} a USING cur
           WHERE a.user_id = cur.user_id AND a.from_date = cur.from_date AND a.to_date = cur.to_date
             AND cur.had_items + cur.items = 0 AND cur.had_completed + cur.completed = 0),
  put AS (INSERT INTO ${aggregate} AS a (user_id, timezone, from_date, to_date, items, completed)
          SELECT user_id, zone, from_date, to_date, items, completed FROM cur
          WHERE coalesce(had_items, 0) + items <> 0 OR coalesce(had_completed, 0) + completed <> 0
          ON CONFLICT (user_id, from_date, to_date) DO UPDATE SET items = a.items + excluded.items, completed = a.completed + excluded.completed)
  SELECT coalesce(array_agg(user_id), '{}') INTO rebucket FROM z1 WHERE kept IS NOT NULL AND kept <> zone;
  IF cardinality(rebucket) > 0 THEN
    PERFORM public.rm_sum_items_by_day(TG_TABLE_SCHEMA, '${aggregate}', '${mode}', rebucket);
  END IF;
  PERFORM set_config('search_path', saved_path, true);
  RETURN NULL;
END $fn$;`;
};

export const OPERATIONS = [
  ['INSERT', 'NEW TABLE AS new_rows'],
  ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['DELETE', 'OLD TABLE AS old_rows'],
] as const;

/** The schema this migration runs in (Kysely's withSchema names it in every query it builds). */
const schemaOf = (db: Kysely<any>): string => {
  const match = /from "([^"]+)"\."goals"/.exec(db.selectFrom('goals').selectAll().compile().sql);
  if (!match) throw new Error('0008: migrations run in a named schema');
  return match[1]!;
};

export const up = async (db: Kysely<any>): Promise<void> => {
  const schema = schemaOf(db);
  for (const table of AGGREGATES) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('timezone', 'text', (c) => c.notNull())
      .addColumn('from_date', 'date', (c) => c.notNull())
      .addColumn('to_date', 'date', (c) => c.notNull())
      .addColumn('items', 'integer', (c) => c.notNull())
      .addColumn('completed', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pkey`, ['user_id', 'from_date', 'to_date'])
      .execute();
  }
  // Top achievements leave out revoked awards: the revocations of an item. Apart from the ledger's
  // other rows, so the planner, knowing revocations are few, looks them up instead of scanning.
  await db.schema
    .createIndex('points_ledger_revocations_by_source')
    .on('points_ledger')
    .columns(['source_id', 'occurred_at'])
    .where(sql.ref('kind'), '=', 'revoke')
    .execute();
  // The completion triggers look up an item's touched days next to a changed one.
  await db.schema.createIndex('actionable_completions_by_item_day').on('actionable_completions').columns(['actionable_id', 'local_date']).execute();
  await FUNCTIONS.execute(db);
  for (const source of SOURCES) {
    for (const [operation, referencing] of OPERATIONS) {
      await sql.raw(triggerFunction(source, operation)).execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${source.table}_by_day_${operation.toLowerCase()} AFTER ${operation} ON "${schema}"."${source.table}" ` +
            `REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${functionName(source.table, operation)}()`,
        )
        .execute(db);
    }
  }
  // What the tables hold already, summed once here; the triggers keep it from now on.
  for (const { table, aggregate, mode } of SOURCES) {
    if (mode === 'completion') continue;
    const users =
      table === 'actionables'
        ? sql`SELECT user_id FROM "${sql.raw(schema)}".actionables UNION SELECT user_id FROM "${sql.raw(schema)}".actionable_completions`
        : sql`SELECT DISTINCT user_id FROM "${sql.raw(schema)}"."${sql.raw(table)}"`;
    await sql`SELECT public.rm_sum_items_by_day(${schema}, ${aggregate}, ${mode}, ARRAY(${users}))`.execute(db);
  }
};

export const down = async (db: Kysely<any>): Promise<void> => {
  const schema = schemaOf(db);
  for (const { table } of SOURCES) {
    for (const operation of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER ${table}_by_day_${operation} ON "${schema}"."${table}"`).execute(db);
  }
  for (const table of AGGREGATES) await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('points_ledger_revocations_by_source').execute();
  await db.schema.dropIndex('actionable_completions_by_item_day').execute();
};
