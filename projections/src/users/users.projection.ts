import { sql, type Transaction } from 'kysely';
import type { DomainEventType } from '@tracker/contracts/events';
import { executeShaped, ONE_TEXT, type ReadModels } from '../db.ts';
import { defineProjector, everyEventType } from '../projector.ts';

/**
 * Events that only ever travel in the same append as another event of the same command (same
 * instant): the other one already moves last activity, so these would cost a write and change nothing.
 * A reset request is anonymous (nobody signed in asked for it).
 */
const ridesAlong = new Set<DomainEventType>([
  'PointsAwarded',
  'PointsRevoked',
  'SubtaskCompleted',
  'ActionableCompleted',
  'HabitStreakExtended',
  'HabitStreakReset',
  'HabitCreditsRecounted',
  'EmailReserved',
  'PasswordResetAsked',
]);

const accountEvents = new Set<DomainEventType>([
  'UserRegistered',
  'UserLoggedIn',
  'UserProfileUpdated',
  'PasswordChanged',
  'EmailVerified',
  'UserSettingsUpdated',
  'UserSettingsReset',
]);

/** Moves each user's last activity forward to the instant given (never backwards), in one statement. */
const moveLastActive = async (trx: Transaction<ReadModels>, latest: ReadonlyMap<string, string>): Promise<void> => {
  if (latest.size === 0) return;
  await executeShaped(trx, 'users last active', [[...latest.keys()], [...latest.values()]], ([ids, ats]) => {
    const moves = sql<{ id: string; at: Date }>`(SELECT ${sql.raw(ONE_TEXT)} unnest(${ids}::uuid[]) AS id, unnest(${ats}::timestamptz[]) AS at)`.as('moves');
    return trx
      .updateTable('users')
      .from(moves)
      .set({ last_active: sql.ref('moves.at') })
      .whereRef('users.id', '=', sql.ref('moves.id'))
      .where(sql<boolean>`users.last_active < moves.at`);
  });
};

/** users: one row per registered user. lastActive follows every event the user causes. */
export const usersProjection = defineProjector({
  name: 'users',
  handles: everyEventType.filter((type) => !ridesAlong.has(type)),
  async apply(trx, event) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'UserRegistered': {
        const { data } = event;
        await trx
          .insertInto('users')
          .values({
            id: data.userId,
            name: data.name,
            email: data.email,
            role: data.role,
            timezone: data.timezone,
            is_active: true,
            email_verified: false,
            last_active: at,
            subscription_status: data.subscriptionStatus,
            total_logins: 0,
            last_login_at: null,
            created_at: at,
            updated_at: at,
            date_of_birth: null,
            trial_start_date: null,
            subscription_date: null,
            password_changed_at: null,
          })
          .execute();
        return;
      }
      case 'UserLoggedIn':
        await trx
          .updateTable('users')
          .set((eb) => ({ total_logins: eb('total_logins', '+', 1), last_login_at: at, last_active: at }))
          .where('id', '=', event.data.userId)
          .execute();
        return;
      case 'UserProfileUpdated': {
        const { userId, name, timezone, dateOfBirth } = event.data;
        await trx
          .updateTable('users')
          .set({
            ...(name !== undefined ? { name } : {}),
            ...(timezone !== undefined ? { timezone } : {}),
            ...(dateOfBirth !== undefined ? { date_of_birth: dateOfBirth } : {}),
            updated_at: at,
            last_active: at,
          })
          .where('id', '=', userId)
          .execute();
        return;
      }
      case 'PasswordChanged':
        await trx.updateTable('users').set({ updated_at: at, last_active: at, password_changed_at: at }).where('id', '=', event.data.userId).execute();
        return;
      case 'EmailVerified':
        await trx.updateTable('users').set({ email_verified: true, updated_at: at, last_active: at }).where('id', '=', event.data.userId).execute();
        return;
      // The settings' time zone is the user's: what authentication hands every request.
      case 'UserSettingsUpdated':
      case 'UserSettingsReset': {
        const timezone = event.type === 'UserSettingsUpdated' ? event.data.timezone : event.data.settings.timezone;
        await trx
          .updateTable('users')
          .set({ ...(timezone !== undefined ? { timezone, updated_at: at } : {}), last_active: at })
          .where('id', '=', event.data.userId)
          .execute();
        return;
      }
      default:
        await moveLastActive(trx, new Map([[event.metadata.userId, at]]));
    }
  },
  // The account's own events one by one; everything else only moves last activity, so a batch's
  // worth of them is one statement: each user's latest instant, never backwards.
  async applyBatch(trx, events) {
    const latest = new Map<string, string>();
    for (const event of events) {
      if (accountEvents.has(event.type)) await this.apply(trx, event);
      else if (!latest.has(event.metadata.userId) || Date.parse(event.metadata.occurredAt) > Date.parse(latest.get(event.metadata.userId)!)) {
        latest.set(event.metadata.userId, event.metadata.occurredAt);
      }
    }
    await moveLastActive(trx, latest);
  },
});
