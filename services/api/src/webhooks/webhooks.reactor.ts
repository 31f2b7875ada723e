import { sql, type Transaction } from 'kysely';
import { webhookEventKinds } from '@tracker/contracts/webhooks/http';
import { executeShaped } from '@tracker/projections/db';
import type { OperationalTables } from '@tracker/projections/ops-db';
import type { ProjectedEvent } from '@tracker/projections/projector';
import type { LaneMember } from '@tracker/projections/runner';

export const WEBHOOK_OUTBOX = 'webhook_outbox';
/** How long the outbox's lane gathers events once woken: well under what a receiver could tell. */
const OUTBOX_LINGER_MS = 50;

type Handled = ProjectedEvent<(typeof webhookEventKinds)[number]>;

/** What a receiver gets: the event as the user's own log holds it. */
export const deliveryBody = (event: Handled): string =>
  JSON.stringify({ id: event.id, type: event.type, position: String(event.position), occurredAt: event.metadata.occurredAt, data: event.data });

/**
 * The webhooks' outbox: for every event of a kind some webhook of the event's user subscribes to,
 * one pending delivery row, written in the lane's transaction together with its checkpoint — so a
 * crash neither loses nor doubles a row (the unique (webhook, event) makes a replayed batch a
 * no-op). Sending is not done here: a slow or failing receiver would hold the lane (every user of
 * the partition); the dispatcher sends the queue (dispatcher.ts). Rows are numbered in log order per
 * user (a partition's batches commit one after another), which is the order they are sent in.
 * Only events that happened after the webhook was created are queued.
 */
export const webhookOutboxReactor = (): LaneMember<OperationalTables, Handled['type']> => ({
  name: WEBHOOK_OUTBOX,
  handles: webhookEventKinds,
  // Nobody waits on the outbox (the dispatcher sends it later), and it has work in nearly every
  // event (a completion): caught up, its lane gathers a moment's events into one transaction. Each
  // was three round trips, 0.3-0.45 batches per command at 16 clients.
  lingerMs: OUTBOX_LINGER_MS,
  apply: (trx, event) => enqueue(trx, [event]),
  applyBatch: enqueue,
});

const enqueue = async (trx: Transaction<OperationalTables>, events: Handled[]): Promise<void> => {
  {
    const users = [...new Set(events.map((event) => event.metadata.userId))];
    // Built once (executeShaped): the users as one array, whatever their number.
    const { rows: hooks } = await executeShaped(trx, 'webhooks of users', [users], ([ids]) =>
      trx
        .selectFrom('webhooks')
        .select(['id', 'user_id', 'events', 'created_at'])
        .where(sql<boolean>`user_id = ANY(${ids}::uuid[])`),
    );
    if (hooks.length === 0) return;
    const rows = events.flatMap((event) =>
      hooks
        .filter(
          (hook) =>
            hook.user_id === event.metadata.userId &&
            hook.events.includes(event.type) &&
            new Date(event.metadata.occurredAt).getTime() >= new Date(hook.created_at).getTime(),
        )
        .map((hook) => ({
          webhook_id: hook.id,
          event_id: event.id,
          event_type: event.type,
          position: String(event.position),
          body: deliveryBody(event),
          status: 'pending' as const,
          next_attempt_at: sql<Date>`now()`,
        })),
    );
    if (rows.length === 0) return;
    await trx
      .insertInto('webhook_deliveries')
      .values(rows)
      .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
      .execute();
  }
};
