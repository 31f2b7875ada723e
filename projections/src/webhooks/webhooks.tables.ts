import type { ColumnType, Generated } from 'kysely';

type Instant = ColumnType<Date, Date | string, Date | string>;

/** A user's webhook (operational state, schema ops): see services/api/src/webhooks. */
export interface WebhooksTable {
  id: string;
  user_id: string;
  url: string;
  events: string[];
  /** The signing secret as issued (`whsec_…`): the server must sign with it, so it is kept, not hashed. */
  secret: string;
  status: 'active' | 'paused';
  created_at: Instant;
  paused_at: Instant | null;
  notice: string | null;
  /** Failed attempts in a row of the delivery at the head of the queue. */
  failures: Generated<number>;
  /** A dispatcher sending this webhook's head delivery holds it until then (several workers). */
  lease_until: Instant | null;
}

/** One event for one webhook: the queue (pending, in log order by seq) and the log (the rest). */
export interface WebhookDeliveriesTable {
  seq: Generated<string>;
  webhook_id: string;
  event_id: string;
  event_type: string;
  position: string;
  /** The exact bytes sent (signed as they are). */
  body: string;
  status: 'pending' | 'delivered' | 'failed' | 'skipped';
  attempts: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: Instant | null;
  next_attempt_at: Instant;
  delivered_at: Instant | null;
}
