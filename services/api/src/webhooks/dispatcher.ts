import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { OpsDb } from '@tracker/projections/ops-db';
import { startPollLoop } from '../process/poll-loop.ts';
import type { WebhookSender } from './sender.ts';
import type { SecretBox } from './signing.ts';
import { signatureOf } from './signing.ts';
import type { DeliveryRow, WebhookRow } from './webhooks.store.ts';

export interface DispatchPolicy {
  /** First retry after about this long; each further one doubles it, up to retryMaxMs; full jitter. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Failed attempts in a row (of the head delivery) after which the webhook is paused. */
  pauseAfterFailures: number;
  timeoutMs: number;
  /** How often the queue is looked at (ms). */
  pollMs: number;
}

export interface WebhookDispatcher {
  stop(): Promise<void>;
}

/** Exponential backoff with "full jitter" (AWS architecture blog): uniform in [base·2^(n−1) / 2, base·2^(n−1)], capped. */
export const backoffMs = (failures: number, policy: Pick<DispatchPolicy, 'retryBaseMs' | 'retryMaxMs'>, random = Math.random): number => {
  const ceiling = Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
};

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Sends the webhooks' queues (the outbox rows the reactor wrote), each webhook's deliveries one at
 * a time in log order: the next waits until the previous was answered 2xx, or the webhook is
 * paused after `pauseAfterFailures` failed attempts in a row (the head stays pending, so a resume
 * sends it first). Every process that runs reactors runs one; a webhook is leased (a time in its
 * row, longer than an attempt) while sent, so two never send the same queue, and a process killed
 * mid-send leaves a lease that runs out — its delivery is sent again (at least once; receivers
 * deduplicate by `webhook-id`, the event id). A delivery is marked delivered only after the 2xx.
 */
export const startWebhookDispatcher = (options: {
  ops: OpsDb;
  send: WebhookSender;
  secrets: SecretBox;
  policy: DispatchPolicy;
  log: Logger;
  /** Tells the user a webhook was paused (the notice is also on the webhook); a failure here is logged, not retried. */
  notifyPaused?: (hook: WebhookRow, notice: string) => Promise<void>;
  now?: () => Date;
}): WebhookDispatcher => {
  const { ops, send, secrets, policy, log } = options;
  const now = options.now ?? (() => new Date());
  // Longer than an attempt (its timeout) and the writes after it; short enough that a killed process's webhooks go on soon.
  const leaseMs = policy.timeoutMs * 2 + 2_000;

  const claim = async (): Promise<WebhookRow[]> => {
    const at = now();
    return ops
      .updateTable('webhooks')
      .set({ lease_until: new Date(at.getTime() + leaseMs) })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('webhooks as w')
          .select('w.id')
          .where('w.status', '=', 'active')
          .where((w) => w.or([w('w.lease_until', 'is', null), w('w.lease_until', '<', at)]))
          .where((w) =>
            w.exists(
              w
                .selectFrom('webhook_deliveries as d')
                .select(sql`1`.as('one'))
                .whereRef('d.webhook_id', '=', 'w.id')
                .where('d.status', '=', 'pending')
                .where('d.next_attempt_at', '<=', at),
            ),
          )
          .limit(16)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  };

  const release = (id: string) => ops.updateTable('webhooks').set({ lease_until: null }).where('id', '=', id).execute();

  const pause = async (hook: WebhookRow, notice: string) => {
    await ops.updateTable('webhooks').set({ status: 'paused', paused_at: now(), notice, lease_until: null }).where('id', '=', hook.id).execute();
    log.warn({ webhook: hook.id, user: hook.user_id, notice }, 'webhook paused');
    await options.notifyPaused?.(hook, notice).catch((error: unknown) => log.warn({ err: error, webhook: hook.id }, 'webhook pause notice not sent'));
  };

  /** Sends the webhook's queue head by head while they succeed and are due; stops at a failure. */
  const drain = async (hook: WebhookRow): Promise<void> => {
    let secret: string;
    try {
      secret = secrets.open(hook.secret);
    } catch {
      return pause(hook, 'Its signing secret can no longer be read (the server secret changed): delete this webhook and create it again.');
    }
    let failures = hook.failures;
    for (;;) {
      if (poll.stopped) return void (await release(hook.id));
      const head: DeliveryRow | undefined = await ops
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', hook.id)
        .where('status', '=', 'pending')
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst();
      if (!head || new Date(head.next_attempt_at).getTime() > now().getTime()) return void (await release(hook.id));
      const timestamp = Math.floor(now().getTime() / 1000);
      const outcome = await send(
        hook.url,
        { 'webhook-id': head.event_id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatureOf(secret, head.event_id, timestamp, head.body) },
        head.body,
      ).catch((error: unknown) => ({ ok: false as const, statusCode: undefined, error: errorText(error) }));
      const attemptAt = now();
      if (outcome.ok) {
        failures = 0;
        await ops.transaction().execute(async (trx) => {
          await trx
            .updateTable('webhook_deliveries')
            .set({
              status: 'delivered',
              attempts: sql`attempts + 1`,
              last_status_code: outcome.statusCode ?? null,
              last_error: null,
              last_attempt_at: attemptAt,
              delivered_at: attemptAt,
            })
            .where('seq', '=', head.seq)
            .execute();
          await trx
            .updateTable('webhooks')
            .set({ failures: 0, lease_until: new Date(attemptAt.getTime() + leaseMs) })
            .where('id', '=', hook.id)
            .execute();
        });
        continue;
      }
      failures += 1;
      const error = outcome.error ?? 'failed';
      const next = new Date(attemptAt.getTime() + backoffMs(failures, policy));
      await ops
        .updateTable('webhook_deliveries')
        .set({
          attempts: sql`attempts + 1`,
          last_status_code: outcome.statusCode ?? null,
          last_error: error.slice(0, 500),
          last_attempt_at: attemptAt,
          next_attempt_at: next,
        })
        .where('seq', '=', head.seq)
        .execute();
      await ops.updateTable('webhooks').set({ failures }).where('id', '=', hook.id).execute();
      log.info({ webhook: hook.id, event: head.event_id, failures, error, statusCode: outcome.statusCode }, 'webhook delivery failed');
      if (failures >= policy.pauseAfterFailures)
        await pause(hook, `Paused after ${failures} failed attempts in a row (last: ${error.slice(0, 200)}). Deliveries wait; resume to send them.`);
      else await release(hook.id);
      return;
    }
  };

  const tick = async (): Promise<void> => {
    try {
      const hooks = await claim();
      await Promise.all(hooks.map((hook) => drain(hook).catch((error: unknown) => log.error({ err: error, webhook: hook.id }, 'webhook dispatch failed'))));
    } catch (error) {
      log.warn({ err: error }, 'webhook queue unavailable');
    }
  };

  const poll = startPollLoop(tick, policy.pollMs);
  return { stop: () => poll.stop() };
};
