import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { ValidationFailed } from '@tracker/domain/common/errors';
import type { Webhook, WebhookDelivery } from '@tracker/contracts/webhooks/http';
import type { OperationalTables } from '@tracker/projections/ops-db';
import type { WebhookDeliveriesTable, WebhooksTable } from '@tracker/projections/webhooks/webhooks.tables';

type Db = Kysely<OperationalTables> | Transaction<OperationalTables>;
export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export const webhookOf = (row: WebhookRow, pending: number): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events as Webhook['events'],
  status: row.status,
  createdAt: iso(row.created_at)!,
  pausedAt: iso(row.paused_at),
  notice: row.notice,
  pending,
});

/** The user's webhooks with how many deliveries wait for each. */
export const listWebhooks = async (db: Db, userId: string): Promise<Webhook[]> => {
  const rows = await db
    .selectFrom('webhooks as w')
    .selectAll('w')
    .select((eb) =>
      eb
        .selectFrom('webhook_deliveries as d')
        .whereRef('d.webhook_id', '=', 'w.id')
        .where('d.status', '=', 'pending')
        .select(sql<string>`count(*)`.as('n'))
        .as('pending'),
    )
    .where('w.user_id', '=', userId)
    .orderBy('w.created_at')
    .orderBy('w.id')
    .execute();
  return rows.map((row) => webhookOf(row, Number(row.pending ?? 0)));
};

/** The webhook's delivery log, newest first; only a pending delivery has a next attempt to show. */
export const listDeliveries = async (db: Db, webhookId: string, limit: number): Promise<WebhookDelivery[]> => {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['event_id as eventId', 'event_type as eventType', 'position', 'status', 'attempts', 'last_status_code as lastStatusCode'])
    .select(['last_error as lastError', 'last_attempt_at', 'next_attempt_at', 'delivered_at'])
    .where('webhook_id', '=', webhookId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
  return rows.map(({ last_attempt_at, next_attempt_at, delivered_at, ...delivery }) => ({
    ...delivery,
    lastAttemptAt: iso(last_attempt_at),
    nextAttemptAt: delivery.status === 'pending' ? iso(next_attempt_at) : null,
    deliveredAt: iso(delivered_at),
  }));
};

export const findWebhook = (db: Db, userId: string, id: string): Promise<WebhookRow | undefined> =>
  db.selectFrom('webhooks').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

export const countWebhooks = async (db: Db, userId: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('webhooks')
        .select(sql<string>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A new subscription, active, with its secret sealed. */
export const insertWebhook = (db: Db, row: Pick<WebhookRow, 'id' | 'user_id' | 'url' | 'events' | 'secret' | 'created_at'>): Promise<WebhookRow> =>
  db
    .insertInto('webhooks')
    .values({ ...row, status: 'active', paused_at: null, notice: null, lease_until: null })
    .returningAll()
    .executeTakeFirstOrThrow();

/**
 * Resumes the user's webhook: its waiting deliveries are due now and, with `fromPosition`, every
 * delivery from that event on is pending again. Undefined when the user has no such webhook.
 */
export const resumeWebhook = (
  ops: Kysely<OperationalTables>,
  { userId, id, fromPosition, now }: { userId: string; id: string; fromPosition: string | undefined; now: Date },
): Promise<WebhookRow | undefined> =>
  ops.transaction().execute(async (trx) => {
    const hook = await findWebhook(trx, userId, id);
    if (!hook) return undefined;
    if (fromPosition !== undefined) {
      const from = await trx
        .selectFrom('webhook_deliveries')
        .select('seq')
        .where('webhook_id', '=', hook.id)
        .where('position', '=', fromPosition)
        .executeTakeFirst();
      if (!from) throw new ValidationFailed('fromPosition: no delivery of this webhook has this position', 'fromPosition');
      await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', delivered_at: null })
        .where('webhook_id', '=', hook.id)
        .where('seq', '>=', from.seq)
        .execute();
    }
    await trx.updateTable('webhook_deliveries').set({ next_attempt_at: now }).where('webhook_id', '=', hook.id).where('status', '=', 'pending').execute();
    return trx
      .updateTable('webhooks')
      .set({ status: 'active', paused_at: null, notice: null, failures: 0, lease_until: null })
      .where('id', '=', hook.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });

/** Deletes the user's webhook (its queue and log go with it); false when the user has no such webhook. */
export const deleteWebhook = async (db: Db, userId: string, id: string): Promise<boolean> =>
  Number((await db.deleteFrom('webhooks').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()).numDeletedRows) > 0;
