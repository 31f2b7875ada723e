import { z } from 'zod';
import { id, isoDateTime, text } from '../common/fields.ts';

/**
 * The event kinds a webhook may subscribe to: the user's own goals, tasks, subtasks, actionables,
 * habits and points. Account events (registration, logins, passwords, e-mail) and the calendar
 * feed's secrets are never sent out.
 */
export const webhookEventKinds = [
  'GoalCreated',
  'GoalUpdated',
  'GoalStatusChanged',
  'GoalDeleted',
  'TaskCreated',
  'TaskUpdated',
  'TaskStatusChanged',
  'TaskDeleted',
  'SubtaskCreated',
  'SubtaskUpdated',
  'SubtaskStatusChanged',
  'SubtaskCompleted',
  'SubtaskDeleted',
  'ActionableCreated',
  'ActionableUpdated',
  'ActionableStatusChanged',
  'ActionableCompleted',
  'ActionableDeleted',
  'ActionablesImported',
  'HabitCompleted',
  'HabitStreakExtended',
  'HabitStreakReset',
  'HabitCreditsRecounted',
  'HabitCompletionUndone',
  'HabitsFrozen',
  'HabitFreezeCancelled',
  'PointsAwarded',
  'PointsRevoked',
] as const;
export type WebhookEventKind = (typeof webhookEventKinds)[number];
export const webhookEventKind = z.enum(webhookEventKinds, { message: 'must be a known event kind' });

/** At most this many webhooks per account. */
export const MAX_WEBHOOKS = 10;
export const WEBHOOK_URL_MAX = 2000;

/** An http(s) URL without credentials; whether its host may be reached is the server's check (SSRF), not the schema's. */
export const webhookUrl = text(WEBHOOK_URL_MAX)
  .pipe(z.string().min(1, 'is required'))
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    },
    { message: 'must be an http or https URL without credentials' },
  );

export const createWebhookRequest = z.object({
  url: webhookUrl,
  events: z
    .array(webhookEventKind, { message: 'must be a list of event kinds' })
    .min(1, 'must name at least one event kind')
    .max(webhookEventKinds.length, `must name at most ${webhookEventKinds.length} event kinds`),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequest>;

export const webhookStatuses = ['active', 'paused'] as const;

export const webhook = z.object({
  id,
  url: z.string(),
  events: z.array(webhookEventKind),
  status: z.enum(webhookStatuses),
  createdAt: isoDateTime,
  /** Why and when deliveries stopped (after repeated failures); null while active. */
  pausedAt: isoDateTime.nullable(),
  notice: z.string().nullable(),
  /** Deliveries waiting (the head of the queue is retried with backoff). */
  pending: z.number().int(),
});
export type Webhook = z.infer<typeof webhook>;

/** The answer to a creation: the signing secret (`whsec_<base64 of 32 bytes>`) appears here only. */
export const createWebhookResponse = z.object({ webhook: webhook.extend({ secret: z.string() }) });
export const webhookResponse = z.object({ webhook });
export const webhooksResponse = z.object({ webhooks: z.array(webhook) });

export const deliveryStatuses = ['pending', 'delivered', 'failed', 'skipped'] as const;
export const webhookDelivery = z.object({
  eventId: id,
  eventType: z.string(),
  position: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  /** The receiver's last HTTP status; null when none came (refused, timed out, unreachable). */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: isoDateTime.nullable(),
  nextAttemptAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveriesResponse = z.object({ deliveries: z.array(webhookDelivery) });

/** Resume a paused webhook; with `fromPosition`, every delivery from that event on is sent again. */
export const resumeWebhookRequest = z.object({ fromPosition: text(100).optional() });

export const webhookIdParams = z.object({ id });
