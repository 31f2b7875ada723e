import type { Kysely } from 'kysely';

// Frozen once landed. Lanes are split by user into 4 partitions (checkpoints.ts: PARTITIONS), each
// member with a checkpoint per partition, `<member>/<p>`. Each lane checkpoint is carried over to all
// four, so nothing is applied again or skipped: every partition has applied the log up to where the
// lane had. The lane rows go (nothing reads them any more). Used by the operational schema's
// migration of the same name too (reactors' checkpoints).
const PARTITIONS = 4;

interface Row {
  name: string;
  position: string;
  updated_at: Date;
}

const split = (name: string): { member: string; partition: string | undefined } => {
  const at = name.lastIndexOf('/');
  return at < 0 ? { member: name, partition: undefined } : { member: name.slice(0, at), partition: name.slice(at + 1) };
};

/** The checkpoints of lanes (`partitioned` false) or of partitions (true). */
const checkpoints = async (db: Kysely<any>, partitioned: boolean): Promise<Row[]> =>
  ((await db.selectFrom('projection_checkpoints').select(['name', 'position', 'updated_at']).execute()) as Row[]).filter(
    (row) => (split(row.name).partition !== undefined) === partitioned,
  );

/** Writes the new rows (any already there are kept) before the old ones go. */
const replace = async (db: Kysely<any>, old: Row[], by: Row[]): Promise<void> => {
  if (old.length === 0) return;
  await db
    .insertInto('projection_checkpoints')
    .values(by)
    .onConflict((c) => c.column('name').doNothing())
    .execute();
  await db
    .deleteFrom('projection_checkpoints')
    .where(
      'name',
      'in',
      old.map((row) => row.name),
    )
    .execute();
};

export const up = async (db: Kysely<any>): Promise<void> => {
  const rows = await checkpoints(db, false);
  await replace(
    db,
    rows,
    rows.flatMap((row) => Array.from({ length: PARTITIONS }, (_, p) => ({ name: `${row.name}/${p}`, position: row.position, updated_at: row.updated_at }))),
  );
};

/**
 * Back to one checkpoint per member, possible only while its partitions agree (positions are opaque
 * here: the earliest cannot be told, and a later one would skip events).
 */
export const down = async (db: Kysely<any>): Promise<void> => {
  const rows = await checkpoints(db, true);
  const byMember = new Map<string, Row[]>();
  for (const row of rows) byMember.set(split(row.name).member, [...(byMember.get(split(row.name).member) ?? []), row]);
  const disagree = [...byMember].filter(([, parts]) => parts.length !== PARTITIONS || new Set(parts.map((r) => r.position)).size > 1).map(([member]) => member);
  if (disagree.length > 0) throw new Error(`Partitions of ${disagree.join(', ')} are at different positions; run the workers until they agree`);
  await replace(
    db,
    rows,
    [...byMember].map(([member, parts]) => ({ name: member, position: parts[0]!.position, updated_at: parts[0]!.updated_at })),
  );
};
