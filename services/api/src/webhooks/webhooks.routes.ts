import { randomUUID } from 'node:crypto';
import { NotFound, ValidationFailed, BusinessRuleViolated } from '@tracker/domain/common/errors';
import {
  MAX_WEBHOOKS,
  createWebhookRequest,
  createWebhookResponse,
  resumeWebhookRequest,
  webhookDeliveriesResponse,
  webhookIdParams,
  webhookResponse,
  webhooksResponse,
} from '@tracker/contracts/webhooks/http';
import { routesFor, type AnyRoute } from '../http/api-router.ts';
import { WebhookRefused } from './address-policy.ts';
import { newWebhookSecret } from './signing.ts';
import type { WebhooksServices } from './webhooks.feature.ts';
import { countWebhooks, findWebhook, listWebhooks, webhookOf } from './webhooks.store.ts';

const route = routesFor<WebhooksServices>();
const tag = 'webhooks';
const DELIVERIES_SHOWN = 100;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Webhooks: subscriptions are operational state (ops.webhooks), not events; see webhooks.feature.ts. */
export const webhooksRoutes: AnyRoute<WebhooksServices>[] = [
  route({
    name: 'createWebhook',
    method: 'post',
    path: '/webhooks',
    summary:
      'Subscribe a URL to event kinds. The answer holds the signing secret, shown this once. A URL whose host is or resolves to a loopback, private or link-local address is refused (400 naming url) unless the operator allows the host',
    tag,
    auth: true,
    status: 201,
    errors: [422],
    body: createWebhookRequest,
    response: createWebhookResponse,
    handle: async ({ ctx, body, services: { ops, policy, secrets } }) => {
      const userId = ctx.state.userId;
      try {
        await policy.resolve(new URL(body.url));
      } catch (error) {
        if (error instanceof WebhookRefused) throw new ValidationFailed(`url: ${error.message}`, 'url');
        throw error;
      }
      if ((await countWebhooks(ops, userId)) >= MAX_WEBHOOKS) throw new BusinessRuleViolated(`At most ${MAX_WEBHOOKS} webhooks per account`);
      const secret = newWebhookSecret();
      const row = await ops
        .insertInto('webhooks')
        .values({
          id: randomUUID(),
          user_id: userId,
          url: body.url,
          events: [...new Set(body.events)],
          secret: secrets.seal(secret),
          status: 'active',
          created_at: ctx.state.now,
          paused_at: null,
          notice: null,
          lease_until: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { webhook: { ...webhookOf(row, 0), secret } };
    },
  }),
  route({
    name: 'listWebhooks',
    method: 'get',
    path: '/webhooks',
    summary: "The user's webhooks: status (a paused one carries its notice) and deliveries waiting",
    tag,
    auth: true,
    response: webhooksResponse,
    handle: async ({ ctx, services: { ops } }) => ({ webhooks: await listWebhooks(ops, ctx.state.userId) }),
  }),
  route({
    name: 'listWebhookDeliveries',
    method: 'get',
    path: '/webhooks/:id/deliveries',
    summary: `The webhook's delivery log, newest first (the latest ${DELIVERIES_SHOWN}): event, position, status, attempts, the receiver's last status code or error`,
    tag,
    auth: true,
    params: webhookIdParams,
    response: webhookDeliveriesResponse,
    handle: async ({ ctx, params, services: { ops } }) => {
      if (!(await findWebhook(ops, ctx.state.userId, params.id))) throw new NotFound('Webhook not found');
      const rows = await ops
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', params.id)
        .orderBy('seq', 'desc')
        .limit(DELIVERIES_SHOWN)
        .execute();
      return {
        deliveries: rows.map((row) => ({
          eventId: row.event_id,
          eventType: row.event_type,
          position: row.position,
          status: row.status,
          attempts: row.attempts,
          lastStatusCode: row.last_status_code,
          lastError: row.last_error,
          lastAttemptAt: iso(row.last_attempt_at),
          nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
          deliveredAt: iso(row.delivered_at),
        })),
      };
    },
  }),
  route({
    name: 'resumeWebhook',
    method: 'post',
    path: '/webhooks/:id/resume',
    summary:
      'Resume a paused webhook: its waiting deliveries go out at once, in order. With fromPosition (a delivery position from its log), every delivery from that event on is sent again',
    tag,
    auth: true,
    params: webhookIdParams,
    body: resumeWebhookRequest,
    response: webhookResponse,
    handle: async ({ ctx, params, body, services: { ops } }) => {
      const userId = ctx.state.userId;
      const row = await ops.transaction().execute(async (trx) => {
        const hook = await findWebhook(trx, userId, params.id);
        if (!hook) throw new NotFound('Webhook not found');
        if (body.fromPosition !== undefined) {
          const from = await trx
            .selectFrom('webhook_deliveries')
            .select('seq')
            .where('webhook_id', '=', hook.id)
            .where('position', '=', body.fromPosition)
            .executeTakeFirst();
          if (!from) throw new ValidationFailed('fromPosition: no delivery of this webhook has this position', 'fromPosition');
          await trx
            .updateTable('webhook_deliveries')
            .set({ status: 'pending', delivered_at: null })
            .where('webhook_id', '=', hook.id)
            .where('seq', '>=', from.seq)
            .execute();
        }
        await trx
          .updateTable('webhook_deliveries')
          .set({ next_attempt_at: ctx.state.now })
          .where('webhook_id', '=', hook.id)
          .where('status', '=', 'pending')
          .execute();
        return trx
          .updateTable('webhooks')
          .set({ status: 'active', paused_at: null, notice: null, failures: 0, lease_until: null })
          .where('id', '=', hook.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return { webhook: (await listWebhooks(ops, userId)).find((hook) => hook.id === row.id)! };
    },
  }),
  route({
    name: 'deleteWebhook',
    method: 'delete',
    path: '/webhooks/:id',
    summary: 'Delete a webhook with its queue and delivery log; nothing more is sent to it',
    tag,
    auth: true,
    params: webhookIdParams,
    status: 204,
    handle: async ({ ctx, params, services: { ops } }) => {
      const deleted = await ops.deleteFrom('webhooks').where('id', '=', params.id).where('user_id', '=', ctx.state.userId).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw new NotFound('Webhook not found');
      return undefined;
    },
  }),
];
