import { sql } from 'kysely';
import type { OpsDb } from '@tracker/projections/ops-db';
import type { EventIdFilter } from './event-id-filter.ts';

/** A decider's state as it stood after the stream's event at `revision`. */
export interface Snapshot {
  revision: bigint;
  state: unknown;
  /** The first event id of every keyed append at or before `revision`: how a retry older than the snapshot is recognised. */
  retryIds: EventIdFilter;
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

/**
 * How a row holds a snapshot, named in its `schema` column after the state's shape: `{state,
 * retryIds}`. Rows of an earlier layout (the state alone, no retry ids) are not read: the stream is
 * then read whole once, and the next snapshot replaces the row.
 */
const ROW_LAYOUT = '+retry-ids/1';

/** Snapshots in the operational schema beside the read models: whichever event store holds the log. */
export const createOpsSnapshotStore = (ops: OpsDb): SnapshotStore => ({
  async load(stream, schema) {
    const row = await ops
      .selectFrom('stream_snapshots')
      .select(['revision', 'state'])
      .where('stream', '=', stream)
      .where('schema', '=', `${schema}${ROW_LAYOUT}`)
      .executeTakeFirst();
    if (!row) return undefined;
    const { state, retryIds } = row.state as Pick<Snapshot, 'state' | 'retryIds'>;
    return { revision: BigInt(row.revision), state, retryIds };
  },
  async save(stream, schema, { revision, state, retryIds }) {
    const values = { stream, schema: `${schema}${ROW_LAYOUT}`, revision: revision.toString(), state: JSON.stringify({ state, retryIds }) };
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
