import type { DomainEventType } from '@tracker/contracts/events';
import { defineProjector, everyEventType } from '../projector.ts';

/**
 * Events that only ever travel in the same append as another event of the same command (same
 * instant): the other one already moves last activity, so these would cost a write and change nothing.
 */
const ridesAlong = new Set<DomainEventType>(['PointsAwarded', 'PointsRevoked', 'SubtaskCompleted', 'EmailReserved']);

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
        await trx
          .updateTable('users')
          .set({ updated_at: at, last_active: at, password_changed_at: at })
          .where('id', '=', event.data.userId)
          .execute();
        return;
      case 'EmailVerified':
        await trx
          .updateTable('users')
          .set({ email_verified: true, updated_at: at, last_active: at })
          .where('id', '=', event.data.userId)
          .execute();
        return;
      default:
        if (event.metadata.userId) {
          await trx.updateTable('users').set({ last_active: at }).where('id', '=', event.metadata.userId).where('last_active', '<', new Date(at)).execute();
        }
    }
  },
});
