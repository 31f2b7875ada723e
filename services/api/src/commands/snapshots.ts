import { sql } from 'kysely';
import type { OpsDb } from '@tracker/projections/ops-db';

/** A decider's state as it stood after the stream's event at `revision`. */
export interface Snapshot {
  revision: bigint;
  state: unknown;
}

/**
 * Where command-side snapshots are kept. A cache, never the truth: a missing, failed or stale
 * snapshot only means reading more of the stream.
 */
export interface SnapshotStore {
  /** The stream's snapshot, if one of the state shape `schema` is kept. */
  load(stream: string, schema: string): Promise<Snapshot | undefined>;
  /** Keeps `snapshot` unless a later one is already kept (concurrent writers never move it back). */
  save(stream: string, schema: string, snapshot: Snapshot): Promise<void>;
}

/** Snapshots in the operational schema beside the read models: whichever event store holds the log. */
export const createOpsSnapshotStore = (ops: OpsDb): SnapshotStore => ({
  async load(stream, schema) {
    const row = await ops
      .selectFrom('stream_snapshots')
      .select(['revision', 'state'])
      .where('stream', '=', stream)
      .where('schema', '=', schema)
      .executeTakeFirst();
    return row ? { revision: BigInt(row.revision), state: row.state } : undefined;
  },
  async save(stream, schema, { revision, state }) {
    const values = { stream, schema, revision: revision.toString(), state: JSON.stringify(state) };
    await ops
      .insertInto('stream_snapshots')
      .values(values)
      .onConflict((conflict) =>
        conflict
          .column('stream')
          .doUpdateSet((eb) => ({
            schema: eb.ref('excluded.schema'),
            revision: eb.ref('excluded.revision'),
            state: eb.ref('excluded.state'),
            taken_at: sql<Date>`now()`,
          }))
          .where((eb) =>
            eb.or([eb('stream_snapshots.revision', '<', eb.ref('excluded.revision')), eb('stream_snapshots.schema', '<>', eb.ref('excluded.schema'))]),
          ),
      )
      .execute();
  },
});
