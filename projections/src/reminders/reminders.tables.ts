import type { ColumnType, Generated } from 'kysely';

type Instant = ColumnType<Date, Date | string, Date | string>;

/** One reminder mail: an item's reminder on one of its user's days (operational state, schema ops; services/api/src/reminders). */
export interface ReminderMailsTable {
  actionable_id: string;
  /** The user's day it reminds of (YYYY-MM-DD). */
  local_date: string;
  user_id: string;
  /** When the reminder was due. */
  fire_at: Instant;
  /** pending: queued; sent; skipped: no longer wanted when its turn came (done, deleted, mail turned off, too late); failed: the mail server refused it too often. */
  status: 'pending' | 'sent' | 'skipped' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Instant;
  /** A worker sending it holds it until then (several processes). */
  lease_until: Instant | null;
  last_error: string | null;
  done_at: Instant | null;
}
