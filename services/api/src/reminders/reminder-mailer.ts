import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { ReadModelDb } from '@tracker/projections/db';
import type { OpsDb } from '@tracker/projections/ops-db';
import { mailsReminders, remindersOfDay, usersMailedReminders } from '@tracker/projections/reminders/reminders.queries';
import type { Mailer } from '../mail/mailer.ts';
import { startPollLoop } from '../process/poll-loop.ts';
import { reminderPath } from './reminder-links.ts';

/** A reminder mailed later than this after its time is not sent (the worker was down): it is about a time. */
export const REMINDER_LATE_LIMIT_MS = 60 * 60_000;
/** Attempts at one mail before it is given up (each after a longer wait). */
const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 30_000;
/** Longer than sending one mail; short enough that a killed process's claims go on soon. */
const LEASE_MS = 60_000;
const CLAIM_BATCH = 16;

export interface ReminderMailer {
  /** One pass: queue what is due now, then send what is queued (tests may call it; the loop does every pollMs). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Reminder mail for the users who turned it on. Every `pollMs`, on the clock it is given:
 * 1. queue: each reminder of such a user's day whose time has come (and is less than an hour past)
 *    becomes a row of `ops.reminder_mails`, keyed by (item, local date) — `ON CONFLICT DO NOTHING`,
 *    so however many processes, passes and restarts find it due, there is one row;
 * 2. send: rows are claimed with a lease (`FOR UPDATE SKIP LOCKED`), looked at again (the item still
 *    open and due that day, the user still wanting mail, not too late — else `skipped`), mailed,
 *    then marked `sent`. A refused mail is tried again after 30 s, 60 s, … up to five times. A
 *    process killed between the mail server's acceptance and the mark sends it again once its lease
 *    runs out: at least once, under one Message-ID per (item, day) so a mailbox can recognise it.
 */
export const startReminderMailer = (options: {
  db: ReadModelDb;
  ops: OpsDb;
  mailer: Mailer;
  log: Logger;
  appUrl: string;
  pollMs: number;
  now: () => Date;
}): ReminderMailer => {
  const { db, ops, mailer, log, appUrl, now } = options;
  const host = new URL(appUrl).hostname || 'tracker';

  const queue = async (at: Date): Promise<void> => {
    for (const user of await usersMailedReminders(db)) {
      const day = await remindersOfDay(db, user.userId, at);
      const due = (day?.reminders ?? []).filter((reminder) => {
        const fires = Date.parse(reminder.at);
        return fires <= at.getTime() && at.getTime() < fires + REMINDER_LATE_LIMIT_MS;
      });
      if (!day || due.length === 0) continue;
      await ops
        .insertInto('reminder_mails')
        .values(
          due.map((reminder) => ({
            actionable_id: reminder.id,
            local_date: day.calendar.day,
            user_id: user.userId,
            fire_at: reminder.at,
            status: 'pending' as const,
            next_attempt_at: at,
          })),
        )
        .onConflict((oc) => oc.columns(['actionable_id', 'local_date']).doNothing())
        .execute();
    }
  };

  const claim = async (at: Date) =>
    ops
      .updateTable('reminder_mails')
      .set({ lease_until: new Date(at.getTime() + LEASE_MS) })
      .where((eb) =>
        eb(
          eb.refTuple('actionable_id', 'local_date'),
          'in',
          eb
            .selectFrom('reminder_mails as r')
            .select(['r.actionable_id', 'r.local_date'])
            .where('r.status', '=', 'pending')
            .where('r.next_attempt_at', '<=', at)
            .where((r) => r.or([r('r.lease_until', 'is', null), r('r.lease_until', '<', at)]))
            .orderBy('r.next_attempt_at')
            .limit(CLAIM_BATCH)
            .forUpdate()
            .skipLocked()
            .$asTuple('actionable_id', 'local_date'),
        ),
      )
      .returningAll()
      .execute();

  const finish = (row: { actionable_id: string; local_date: string }, status: 'sent' | 'skipped' | 'failed', why: string | null) =>
    ops
      .updateTable('reminder_mails')
      .set({ status, done_at: now(), lease_until: null, last_error: why })
      .where('actionable_id', '=', row.actionable_id)
      .where('local_date', '=', row.local_date)
      .execute();

  const send = async (row: Awaited<ReturnType<typeof claim>>[number]): Promise<void> => {
    const at = now();
    if (at.getTime() >= new Date(row.fire_at).getTime() + REMINDER_LATE_LIMIT_MS) return void (await finish(row, 'skipped', 'more than an hour late'));
    const user = await mailsReminders(db, row.user_id);
    if (!user) return void (await finish(row, 'skipped', 'reminder mail turned off'));
    const day = await remindersOfDay(db, row.user_id, at);
    const reminder = day?.calendar.day === row.local_date ? day.reminders.find((r) => r.id === row.actionable_id) : undefined;
    if (!reminder) return void (await finish(row, 'skipped', 'no longer due (done, deleted, changed or another day)'));
    const link = `${appUrl}${reminderPath(reminder)}`;
    try {
      await mailer.send({
        to: user.email,
        subject: `Reminder: ${reminder.title}`,
        text: `Hello ${user.name},\n\n${reminder.isHabit ? 'Your habit' : 'Your to-do'} "${reminder.title}" is due today (reminder at ${reminder.time}).\n\nOpen it:\n${link}\n\nYou get these because "Email me reminders" is on; turn it off in Settings, Reminders: ${appUrl}/settings`,
        link,
        messageId: `<reminder-${row.actionable_id}-${row.local_date}@${host}>`,
      });
    } catch (error) {
      const attempts = row.attempts + 1;
      if (attempts >= MAX_ATTEMPTS) return void (await finish(row, 'failed', errorText(error).slice(0, 500)));
      await ops
        .updateTable('reminder_mails')
        .set({
          attempts,
          last_error: errorText(error).slice(0, 500),
          lease_until: null,
          next_attempt_at: new Date(at.getTime() + RETRY_BASE_MS * 2 ** (attempts - 1)),
        })
        .where('actionable_id', '=', row.actionable_id)
        .where('local_date', '=', row.local_date)
        .execute();
      log.info({ item: row.actionable_id, date: row.local_date, attempts, err: error }, 'reminder mail failed; will retry');
      return;
    }
    await ops
      .updateTable('reminder_mails')
      .set({ status: 'sent', attempts: sql`attempts + 1`, done_at: now(), lease_until: null, last_error: null })
      .where('actionable_id', '=', row.actionable_id)
      .where('local_date', '=', row.local_date)
      .execute();
  };

  const tick = async (): Promise<void> => {
    try {
      const at = now();
      await queue(at);
      for (const row of await claim(at)) {
        if (poll.stopped) break;
        await send(row).catch((error: unknown) => log.error({ err: error, item: row.actionable_id }, 'reminder mail not handled'));
      }
    } catch (error) {
      log.warn({ err: error }, 'reminder mail pass failed');
    }
  };

  const poll = startPollLoop(tick, options.pollMs);
  return { tick: () => poll.tickNow(), stop: () => poll.stop() };
};
