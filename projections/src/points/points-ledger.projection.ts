import { sql } from 'kysely';
import { localDateOf } from '@tracker/domain/time/local-date';
import { defineProjector, type ProjectedEvent } from '../projector.ts';
import type { NewRow } from '../db.ts';
import { insertRows, type OnConflict } from '../json-rows.ts';

type PointsEvent = ProjectedEvent<'PointsAwarded' | 'PointsRevoked'>;

const ledgerRow = (event: PointsEvent): NewRow<'points_ledger'> => {
  const { data, metadata } = event;
  const awarded = event.type === 'PointsAwarded';
  const occurredAt = new Date(metadata.occurredAt);
  return {
    event_id: event.id,
    user_id: data.userId,
    points: awarded ? data.points : -data.points,
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
  };
};

/** points_ledger (one row per award or revocation, revocations negative), user_points totals and daily_points per local date. */
/** A batch's sums added to each user's total. */
const addToTotal: OnConflict<'user_points'> = {
  name: 'add to total',
  clause: (oc) => oc.column('user_id').doUpdateSet({ total: sql`user_points.total + excluded.total`, updated_at: sql`excluded.updated_at` }),
};

/** A batch's sums added to each (user, local date). */
const addToDay: OnConflict<'daily_points'> = {
  name: 'add to day',
  clause: (oc) =>
    oc.columns(['user_id', 'local_date']).doUpdateSet({ points: sql`daily_points.points + excluded.points`, count: sql`daily_points.count + excluded.count` }),
};

export const pointsLedgerProjection = defineProjector({
  name: 'points_ledger',
  handles: ['PointsAwarded', 'PointsRevoked'],
  async apply(trx, event) {
    await this.applyBatch!(trx, [event]);
  },
  // A batch's rows in one insert, each user's total and each (user, local date) moved once by the batch's sums.
  async applyBatch(trx, events) {
    if (events.length === 0) return;
    const rows = events.map(ledgerRow);
    await insertRows(trx, 'points_ledger', rows).execute();
    const totals = new Map<string, { points: number; at: Date }>();
    for (const row of rows) {
      const known = totals.get(row.user_id);
      const at = new Date(row.occurred_at);
      totals.set(row.user_id, { points: (known?.points ?? 0) + row.points, at: known && known.at > at ? known.at : at });
    }
    await insertRows(
      trx,
      'user_points',
      [...totals].map(([userId, { points, at }]) => ({ user_id: userId, total: points, updated_at: at })),
      { onConflict: addToTotal },
    ).execute();
    const days = new Map<string, { user_id: string; local_date: string; points: number; count: number }>();
    for (const row of rows) {
      const key = `${row.user_id} ${row.local_date}`;
      const known = days.get(key) ?? { user_id: row.user_id, local_date: row.local_date, points: 0, count: 0 };
      days.set(key, { ...known, points: known.points + row.points, count: known.count + 1 });
    }
    await insertRows(trx, 'daily_points', [...days.values()], { onConflict: addToDay }).execute();
  },
});
