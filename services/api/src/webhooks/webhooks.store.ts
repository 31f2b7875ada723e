import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Webhook } from '@tracker/contracts/webhooks/http';
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
