import { defineFeature, type AppServices } from '../feature.ts';
import { createAddressPolicy, type AddressPolicy } from './address-policy.ts';
import { startWebhookDispatcher } from './dispatcher.ts';
import { createWebhookSender } from './sender.ts';
import { createSecretBox, type SecretBox } from './signing.ts';
import { webhookOutboxReactor } from './webhooks.reactor.ts';
import { webhooksRoutes } from './webhooks.routes.ts';

export interface WebhooksServices extends AppServices {
  policy: AddressPolicy;
  secrets: SecretBox;
}

/** Response bodies are read up to this much, then dropped: only the status counts. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Webhooks (issue 20): a user subscribes a URL to event kinds; a reactor queues each matching event
 * (an outbox in the operational schema, written with its checkpoint) and a dispatcher sends each
 * webhook's queue in order, signed (Standard Webhooks), at least once, with backoff, pausing the
 * webhook after repeated failures.
 */
export const webhooksFeature = defineFeature<WebhooksServices>({
  name: 'webhooks',
  tags: { webhooks: "Signed deliveries of the user's events to URLs the user subscribes" },
  services: (app) => ({
    ...app,
    policy: createAddressPolicy(app.config.webhooks.allowHosts),
    secrets: createSecretBox(app.deriveFromSecret),
  }),
  routes: webhooksRoutes,
  reactors: () => [webhookOutboxReactor()],
  workers: ({ ops, policy, secrets, log, config }) => [
    startWebhookDispatcher({
      ops,
      secrets,
      log: log.child({ component: 'webhooks' }),
      send: createWebhookSender({ policy, timeoutMs: config.webhooks.timeoutMs, maxResponseBytes: MAX_RESPONSE_BYTES }),
      policy: config.webhooks,
    }),
  ],
});
