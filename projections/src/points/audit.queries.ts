import type { AuditedLedgerRow } from '@tracker/domain/points/audit';
import { checkpointName, partitionOf, type Checkpoint } from '../checkpoints.ts';
import type { ReadModelDb } from '../db.ts';
import { pointsLedgerProjection } from './points-ledger.projection.ts';

// What a points audit reads of the read models: whom to audit, the streams that may hold a user's
// points, and the ledger it checks with the position the ledger reached.

/** Every user, by e-mail; or the one with this e-mail (any case). */
export const usersToAudit = (db: ReadModelDb, email: string | undefined): Promise<{ id: string; email: string }[]> =>
  db
    .selectFrom('users')
    .select(['id', 'email'])
    .$if(email !== undefined, (q) => q.where((eb) => eb(eb.fn('lower', ['email']), '=', email!.toLowerCase())))
    .orderBy('email')
    .execute();

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

/**
 * The user's ledger rows and the position the ledger's projector reached in the user's partition, as
 * of one snapshot (repeatable read): events past that position are left out of an audit, so an award the projector has not
 * applied yet is not reported as missing from the ledger.
 */
export const ledgerAtItsPosition = (db: ReadModelDb, userId: string): Promise<{ upTo: Checkpoint; ledger: AuditedLedgerRow[] }> =>
  db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      upTo: ((
        await trx
          .selectFrom('projection_checkpoints')
          .select('position')
          .where('name', '=', checkpointName(pointsLedgerProjection.name, partitionOf(userId)))
          .executeTakeFirst()
      )?.position ?? 'start') as Checkpoint,
      ledger: (await trx.selectFrom('points_ledger').select(['event_id', 'points', 'occurred_at']).where('user_id', '=', userId).execute()).map((row) => ({
        eventId: row.event_id,
        points: row.points,
        occurredAt: row.occurred_at.toISOString(),
      })),
    }));
