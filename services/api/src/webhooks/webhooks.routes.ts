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
import { countWebhooks, deleteWebhook, findWebhook, insertWebhook, listDeliveries, listWebhooks, resumeWebhook, webhookOf } from './webhooks.store.ts';

const route = routesFor<WebhooksServices>('webhooks');
const DELIVERIES_SHOWN = 100;

/** Webhooks: subscriptions are operational state (ops.webhooks), not events; see webhooks.feature.ts. */
export const webhooksRoutes: AnyRoute<WebhooksServices>[] = [
  route({
    name: 'createWebhook',
    method: 'post',
    path: '/webhooks',
    summary:
      'Subscribe a URL to event kinds. The answer holds the signing secret, shown this once. A URL whose host is or resolves to a loopback, private or link-local address is refused (400 naming url) unless the operator allows the host',
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
      const row = await insertWebhook(ops, {
        id: randomUUID(),
        user_id: userId,
        url: body.url,
        events: [...new Set(body.events)],
        secret: secrets.seal(secret),
        created_at: ctx.state.now,
      });
      return { webhook: { ...webhookOf(row, 0), secret } };
    },
  }),
  route({
    name: 'listWebhooks',
    method: 'get',
    path: '/webhooks',
    summary: "The user's webhooks: status (a paused one carries its notice) and deliveries waiting",
    auth: true,
    response: webhooksResponse,
    handle: async ({ ctx, services: { ops } }) => ({ webhooks: await listWebhooks(ops, ctx.state.userId) }),
  }),
  route({
    name: 'listWebhookDeliveries',
    method: 'get',
    path: '/webhooks/:id/deliveries',
    summary: `The webhook's delivery log, newest first (the latest ${DELIVERIES_SHOWN}): event, position, status, attempts, the receiver's last status code or error`,
    auth: true,
    params: webhookIdParams,
    response: webhookDeliveriesResponse,
    handle: async ({ ctx, params, services: { ops } }) => {
      if (!(await findWebhook(ops, ctx.state.userId, params.id))) throw new NotFound('Webhook not found');
      return { deliveries: await listDeliveries(ops, params.id, DELIVERIES_SHOWN) };
    },
  }),
  route({
    name: 'resumeWebhook',
    method: 'post',
    path: '/webhooks/:id/resume',
    summary:
      'Resume a paused webhook: its waiting deliveries go out at once, in order. With fromPosition (a delivery position from its log), every delivery from that event on is sent again',
    auth: true,
    params: webhookIdParams,
    body: resumeWebhookRequest,
    response: webhookResponse,
    handle: async ({ ctx, params, body, services: { ops } }) => {
      const userId = ctx.state.userId;
      const row = await resumeWebhook(ops, { userId, id: params.id, fromPosition: body.fromPosition, now: ctx.state.now });
      if (!row) throw new NotFound('Webhook not found');
      return { webhook: (await listWebhooks(ops, userId)).find((hook) => hook.id === row.id)! };
    },
  }),
  route({
    name: 'deleteWebhook',
    method: 'delete',
    path: '/webhooks/:id',
    summary: 'Delete a webhook with its queue and delivery log; nothing more is sent to it',
    auth: true,
    params: webhookIdParams,
    status: 204,
    handle: async ({ ctx, params, services: { ops } }) => {
      if (!(await deleteWebhook(ops, ctx.state.userId, params.id))) throw new NotFound('Webhook not found');
      return undefined;
    },
  }),
];
