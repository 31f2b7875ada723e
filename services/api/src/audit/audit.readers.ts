import { decodeEvent } from '@tracker/contracts/event-codec';
import type { PointsAudit } from '@tracker/contracts/points/audit';
import { auditPoints, type AuditedEvent, type AuditedStream } from '@tracker/domain/points/audit';
import type { EventStore } from '@tracker/eventstore/port';
import type { Checkpoint } from '@tracker/projections/checkpoints';
import type { ReadModelDb } from '@tracker/projections/db';
import { pointsLedgerProjection } from '@tracker/projections/points/points-ledger.projection';

/** Streams read at once: the user's items are read in parallel, a few at a time. */
const STREAM_READS_IN_FLIGHT = 16;

const streamOfSource: Record<string, string> = { goal: 'goal', task: 'task', subtask: 'subtask', actionable: 'actionable', habit: 'actionable' };

/**
 * The streams that may hold the user's points: every item the read models name for the user — live
 * goals, tasks, subtasks and actionables, the sources of ledger rows and the items of activities
 * (created, completed, reopened, deleted: kept after the item is gone). Three read models kept by
 * three projectors: a stream is missed only if all of them lost it. Why not the log: neither adapter
 * can find one user's events without reading everyone's (see docs/ARCHITECTURE.md, Rebuild and audit).
 */
export const userItemStreams = async (db: ReadModelDb, userId: string): Promise<string[]> => {
  const rows = await db
    .selectFrom('activities')
    .select(['entity_type as type', 'entity_id as id'])
    .where('user_id', '=', userId)
    .union(db.selectFrom('points_ledger').select(['source_type as type', 'source_id as id']).where('user_id', '=', userId))
    .union(
      db
        .selectFrom('goals')
        .select([(eb) => eb.val('goal').as('type'), 'id'])
        .where('user_id', '=', userId),
    )
    .union(
      db
        .selectFrom('tasks')
        .select([(eb) => eb.val('task').as('type'), 'id'])
        .where('user_id', '=', userId),
    )
    .union(
      db
        .selectFrom('subtasks')
        .select([(eb) => eb.val('subtask').as('type'), 'id'])
        .where('user_id', '=', userId),
    )
    .union(
      db
        .selectFrom('actionables')
        .select([(eb) => eb.val('actionable').as('type'), 'id'])
        .where('user_id', '=', userId),
    )
    .execute();
  const streams = new Set<string>();
  for (const row of rows) {
    const category = streamOfSource[row.type];
    if (category) streams.add(`${category}-${row.id}`);
  }
  return [...streams].sort();
};

const readAuditedStream = async (store: EventStore, stream: string, upTo: Checkpoint, until: number | undefined): Promise<AuditedStream> => {
  const events: AuditedEvent[] = [];
  for await (const stored of store.readStream(stream)) {
    // Skipped, not stopped at: nothing promises a stream's positions or instants only grow.
    if (store.comparePositions(stored.position, upTo) > 0) continue;
    const occurredAt = typeof stored.metadata.occurredAt === 'string' ? stored.metadata.occurredAt : stored.createdAt.toISOString();
    if (until !== undefined && Date.parse(occurredAt) > until) continue;
    const event = decodeEvent({ type: stored.type, version: stored.version, data: stored.data });
    // The streams named are item streams: their events are the items' and their points'.
    events.push({ ...event, occurredAt, id: stored.id, position: stored.position } as AuditedEvent);
  }
  return { stream, events };
};

const mapLimited = async <T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};

/** The audit of one user's points as of `asOf` (the end of the log when absent): their streams from the log, their ledger rows from the read model. */
export const auditUser = async (deps: { db: ReadModelDb; store: EventStore }, userId: string, asOf?: string): Promise<PointsAudit> => {
  const { db, store } = deps;
  const until = asOf === undefined ? undefined : Date.parse(asOf);
  // The ledger and the position it reached, as of one snapshot; events past that position are left
  // out, so an award the projector has not applied yet is not reported as missing from the ledger.
  const { upTo, ledger } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      upTo: ((await trx.selectFrom('projection_checkpoints').select('position').where('name', '=', pointsLedgerProjection.name).executeTakeFirst())?.position ??
        'start') as Checkpoint,
      ledger: await trx.selectFrom('points_ledger').select(['event_id', 'points', 'occurred_at']).where('user_id', '=', userId).execute(),
    }));
  const streams = await mapLimited(await userItemStreams(db, userId), STREAM_READS_IN_FLIGHT, (stream) => readAuditedStream(store, stream, upTo, until));
  return auditPoints({
    userId,
    streams,
    ledger: ledger.map((row) => ({ eventId: row.event_id, points: row.points, occurredAt: row.occurred_at.toISOString() })),
    asOf,
    comparePositions: (a, b) => store.comparePositions(a as never, b as never),
  });
};
