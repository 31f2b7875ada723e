import { sql } from 'kysely';
import { localDateOf } from '@tracker/domain/time/local-date';
import { defineProjector } from '../projector.ts';

/** points_ledger (one row per award or revocation, revocations negative) and user_points totals. */
export const pointsLedgerProjection = defineProjector({
  name: 'points_ledger',
  handles: ['PointsAwarded', 'PointsRevoked'],
  async apply(trx, event) {
    const { data, metadata } = event;
    const awarded = event.type === 'PointsAwarded';
    const points = awarded ? data.points : -data.points;
    const occurredAt = new Date(metadata.occurredAt);
    await trx
      .insertInto('points_ledger')
      .values({
        event_id: event.id,
        user_id: data.userId,
        points,
        kind: awarded ? 'award' : 'revoke',
        reason: data.reason,
        title: data.title,
        source_type: data.source.type,
        source_id: data.source.id,
        goal_id: data.hierarchy.goalId ?? null,
        task_id: data.hierarchy.taskId ?? null,
        subtask_id: data.hierarchy.subtaskId ?? null,
        actionable_id: data.hierarchy.actionableId ?? null,
        rules_version: event.type === 'PointsAwarded' ? event.data.rulesVersion : null,
        occurred_at: occurredAt,
        // The day as the user lived it, recorded at the time: later time zone changes rewrite nothing.
        local_date: metadata.localDate ?? localDateOf(occurredAt, metadata.timezone ?? 'UTC'),
      })
      .execute();
    await trx
      .insertInto('user_points')
      .values({ user_id: data.userId, total: points, updated_at: occurredAt })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ total: sql`user_points.total + ${points}`, updated_at: occurredAt }))
      .execute();
  },
});
