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
  workers: ({ ops, db, mailer, policy, secrets, log, config }) => [
    startWebhookDispatcher({
      ops,
      secrets,
      log: log.child({ component: 'webhooks' }),
      // The notice is on the webhook (GET /webhooks, the settings screen) and mailed once, when it pauses.
      notifyPaused: async (hook, notice) => {
        const user = await db.selectFrom('users').select(['email', 'name']).where('id', '=', hook.user_id).executeTakeFirst();
        if (!user) return;
        const link = `${config.appUrl}/settings`;
        await mailer.send({
          to: user.email,
          subject: 'A webhook of yours is paused',
          text: `Hello ${user.name},\n\nDeliveries to ${hook.url} have stopped: ${notice}\n\nNothing is lost: they wait in order. Resume the webhook in Settings, Webhooks, once your receiver answers again:\n${link}`,
          link,
        });
      },
      send: createWebhookSender({ policy, timeoutMs: config.webhooks.timeoutMs, maxResponseBytes: MAX_RESPONSE_BYTES }),
      policy: config.webhooks,
    }),
  ],
});
