import { sql } from 'kysely';
import type { OpsDb } from '@tracker/projections/ops-db';
import type { EventIdFilter } from './event-id-filter.ts';

/** A decider's state as it stood after the stream's event at `revision`. */
export interface KeptState {
  revision: bigint;
  state: unknown;
}

/** The first event id of a keyed append, and where it landed. */
export interface RetryId {
  id: string;
  revision: bigint;
}

/** The states kept of a stream (snapshot-policy.ts): the base at `revision`, and later ones. */
export interface Snapshot extends KeptState {
  /** The first event id of every keyed append at or before `revision`: how a retry older than the snapshot is recognised. */
  retryIds: EventIdFilter;
  /** States after the base, oldest first: a command starts from the newest. */
  later?: KeptState[] | undefined;
  /** The first event id of every keyed append after the base, up to the newest state, with its revision. */
  recentRetryIds?: RetryId[] | undefined;
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
 * retryIds, later?, recentRetryIds?, newest?}` (revisions as strings; `newest`, the revision of the
 * newest state, orders saves). A row without `later` is a base alone, as kept before there were
 * later states. Rows of an earlier layout (the state alone, no retry ids) are not read: the stream
 * is then read whole once, and the next snapshot replaces the row.
 */
const ROW_LAYOUT = '+retry-ids/1';

/** What the memory keeps: the texts of the snapshots it holds, at most this many bytes in all. */
const MEMORY_BYTES = 16 * 1024 * 1024;
/** And at most this many streams (most hold no snapshot: a short stream is read whole). */
const MEMORY_STREAMS = 20_000;

interface Remembered {
  revision: bigint;
  /** The revision of the newest state kept. */
  newest: bigint;
  /** The row's JSON as stored; parsed on each use, so no caller ever shares a state object. */
  text: string;
}

interface Row {
  state: unknown;
  retryIds: EventIdFilter;
  later?: Array<{ revision: string; state: unknown }>;
  recentRetryIds?: Array<{ id: string; revision: string }>;
  newest?: string;
}

const rowOf = ({ revision, state, retryIds, later, recentRetryIds }: Snapshot): Row => ({
  state,
  retryIds,
  ...(later && later.length > 0 ? { later: later.map((kept) => ({ revision: kept.revision.toString(), state: kept.state })) } : {}),
  ...(recentRetryIds && recentRetryIds.length > 0 ? { recentRetryIds: recentRetryIds.map((id) => ({ id: id.id, revision: id.revision.toString() })) } : {}),
  newest: (later?.at(-1)?.revision ?? revision).toString(),
});

/**
 * Snapshots in the operational schema beside the read models: whichever event store holds the log.
 * Each one this process loads or saves (and each stream found to have none) is also kept in memory,
 * least recently used first out: a command then reads the stream's tail without asking PostgreSQL
 * for its snapshot. Events never change, so a snapshot at any revision stays true whatever another
 * process appends or saves since; one older than the table's only means a longer tail, and the next
 * snapshot this process takes replaces it.
 */
export const createOpsSnapshotStore = (ops: OpsDb): SnapshotStore => {
  const memory = new Map<string, Remembered | null>();
  let bytes = 0;
  const keyOf = (stream: string, schema: string) => `${schema}\u0000${stream}`;
  const forget = (key: string) => {
    const known = memory.get(key);
    if (known) bytes -= known.text.length;
    memory.delete(key);
  };
  const remember = (key: string, value: Remembered | null) => {
    forget(key);
    memory.set(key, value);
    if (value) bytes += value.text.length;
    for (const oldest of memory.keys()) {
      if (bytes <= MEMORY_BYTES && memory.size <= MEMORY_STREAMS) break;
      forget(oldest);
    }
  };
  const snapshotOf = ({ revision, text }: Remembered): Snapshot => {
    const { state, retryIds, later, recentRetryIds } = JSON.parse(text) as Row;
    return {
      revision,
      state,
      retryIds,
      ...(later ? { later: later.map((kept) => ({ revision: BigInt(kept.revision), state: kept.state })) } : {}),
      ...(recentRetryIds ? { recentRetryIds: recentRetryIds.map((id) => ({ id: id.id, revision: BigInt(id.revision) })) } : {}),
    };
  };

  return {
    async load(stream, schema) {
      const key = keyOf(stream, schema);
      const known = memory.get(key);
      if (known !== undefined) {
        // Most recently used last.
        memory.delete(key);
        memory.set(key, known);
        return known ? snapshotOf(known) : undefined;
      }
      const row = await ops
        .selectFrom('stream_snapshots')
        .select(['revision', sql<string>`state::text`.as('state'), sql<string | null>`state->>'newest'`.as('newest')])
        .where('stream', '=', stream)
        .where('schema', '=', `${schema}${ROW_LAYOUT}`)
        .executeTakeFirst();
      const found = row ? { revision: BigInt(row.revision), newest: BigInt(row.newest ?? row.revision), text: row.state } : null;
      remember(key, found);
      return found ? snapshotOf(found) : undefined;
    },
    async save(stream, schema, snapshot) {
      const { revision } = snapshot;
      const row = rowOf(snapshot);
      const text = JSON.stringify(row);
      const values = { stream, schema: `${schema}${ROW_LAYOUT}`, revision: revision.toString(), state: text };
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
            // A row moves on only to a newer newest state (a row without one: its base is its newest).
            .where(
              sql<boolean>`coalesce((stream_snapshots.state->>'newest')::bigint, stream_snapshots.revision) < coalesce((excluded.state->>'newest')::bigint, excluded.revision) OR stream_snapshots.schema <> excluded.schema`,
            ),
        )
        .execute();
      const key = keyOf(stream, schema);
      const known = memory.get(key);
      const newest = BigInt(row.newest!);
      if (!known || known.newest < newest) remember(key, { revision, newest, text });
    },
  };
};
