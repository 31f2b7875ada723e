import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { settingsDefaults } from '@tracker/contracts/settings/http';
import {
  emailReserved,
  emailVerified,
  goalCreated,
  passwordChanged,
  passwordResetRequested,
  pointsAwarded,
  userLoggedIn,
  userProfileUpdated,
  userRegistered,
} from '../testing/event-factories.ts';
import { projectedEvent, projectorSpec, type EventContext } from '../testing/projector-spec.ts';
import { usersProjection } from './users.projection.ts';
import type { Row } from '../db.ts';

const given = projectorSpec(usersProjection);

const alice = randomUUID();
const bob = randomUUID();
/** Alice, `minutes` past nine on the first of March. */
const by = (minutes: number, userId = alice): EventContext => ({ userId, at: new Date(Date.UTC(2026, 2, 1, 9, minutes)).toISOString() });
const time = (minutes: number) => new Date(by(minutes).at);

/** A user's row as registration at `minutes` leaves it; `changes` say what later events did. */
const userRow = (minutes: number, changes: Partial<Row<'users'>> = {}, id = alice): Row<'users'> => ({
  id,
  name: 'Ada',
  email: `${id}@example.com`,
  role: 'user',
  timezone: 'Europe/Paris',
  is_active: true,
  email_verified: false,
  last_active: time(minutes),
  subscription_status: 'inactive',
  total_logins: 0,
  last_login_at: null,
  created_at: time(minutes),
  updated_at: time(minutes),
  date_of_birth: null,
  trial_start_date: null,
  subscription_date: null,
  password_changed_at: null,
  ...changes,
});

describe('users projection', () => {
  describe('a registration', () => {
    it('writes an active, unverified user with no logins yet', () =>
      given()
        .when([userRegistered(by(0), { name: 'Ada Lovelace', role: 'admin', timezone: 'Europe/London', subscriptionStatus: 'trial' })])
        .then({ users: [userRow(0, { name: 'Ada Lovelace', role: 'admin', timezone: 'Europe/London', subscription_status: 'trial' })] }));

    it('writes one row per user', () =>
      given([userRegistered(by(0))])
        .when([userRegistered(by(1, bob))])
        .then({ users: [userRow(0), userRow(1, {}, bob)] }));

    it('ignores the reservation of an e-mail address', () =>
      given()
        .when([emailReserved(by(0))])
        .then({ users: [] }));
  });

  describe('a login', () => {
    it('counts it and records when it happened', () =>
      given([userRegistered(by(0))])
        .when([userLoggedIn(by(5))])
        .then({ users: [userRow(0, { total_logins: 1, last_login_at: time(5), last_active: time(5) })] }));

    it('counts every one', () =>
      given([userRegistered(by(0)), userLoggedIn(by(1))])
        .when([userLoggedIn(by(2)), userLoggedIn(by(3))])
        .then({ users: [userRow(0, { total_logins: 3, last_login_at: time(3), last_active: time(3) })] }));

    it("counts only the user's own", () =>
      given([userRegistered(by(0)), userRegistered(by(0, bob))])
        .when([userLoggedIn(by(5, bob))])
        .then({ users: [userRow(0), userRow(0, { total_logins: 1, last_login_at: time(5), last_active: time(5) }, bob)] }));
  });

  describe('a profile update', () => {
    it('changes only the fields it names', () =>
      given([userRegistered(by(0))])
        .when([userProfileUpdated(by(5), { timezone: 'Asia/Tokyo' })])
        .then({ users: [userRow(0, { timezone: 'Asia/Tokyo', updated_at: time(5), last_active: time(5) })] }));

    it('sets a date of birth as a calendar date', () =>
      given([userRegistered(by(0))])
        .when([userProfileUpdated(by(5), { name: 'Ada L.', dateOfBirth: '1990-12-10' })])
        .then({ users: [userRow(0, { name: 'Ada L.', date_of_birth: '1990-12-10', updated_at: time(5), last_active: time(5) })] }));

    it('clears a date of birth set to null', () =>
      given([userRegistered(by(0)), userProfileUpdated(by(1), { dateOfBirth: '1990-12-10' })])
        .when([userProfileUpdated(by(5), { dateOfBirth: null })])
        .then({ users: [userRow(0, { updated_at: time(5), last_active: time(5) })] }));
  });

  describe('a settings change', () => {
    const settingsUpdated = (by: EventContext, data: { timezone?: string; theme?: 'dark' }) =>
      projectedEvent('UserSettingsUpdated', { userId: by.userId, ...data }, by);
    it("sets the user's time zone when it names one", () =>
      given([userRegistered(by(0))])
        .when([settingsUpdated(by(5), { timezone: 'Asia/Tokyo' })])
        .then({ users: [userRow(0, { timezone: 'Asia/Tokyo', updated_at: time(5), last_active: time(5) })] }));

    it('leaves the profile as it is otherwise', () =>
      given([userRegistered(by(0))])
        .when([settingsUpdated(by(5), { theme: 'dark' })])
        .then({ users: [userRow(0, { last_active: time(5) })] }));

    it("a reset sets the defaults' time zone", () =>
      given([userRegistered(by(0))])
        .when([projectedEvent('UserSettingsReset', { userId: alice, settings: settingsDefaults }, by(5))])
        .then({ users: [userRow(0, { timezone: 'America/New_York', updated_at: time(5), last_active: time(5) })] }));
  });

  describe('a password change or a verified e-mail', () => {
    it('records when the password changed (earlier sessions end there)', () =>
      given([userRegistered(by(0))])
        .when([passwordChanged(by(5))])
        .then({ users: [userRow(0, { password_changed_at: time(5), updated_at: time(5), last_active: time(5) })] }));

    it('marks the e-mail verified', () =>
      given([userRegistered(by(0))])
        .when([emailVerified(by(5))])
        .then({ users: [userRow(0, { email_verified: true, updated_at: time(5), last_active: time(5) })] }));

    it('keeps the last password change', () =>
      given([userRegistered(by(0)), passwordChanged(by(1)), emailVerified(by(2))])
        .when([passwordChanged(by(5))])
        .then({ users: [userRow(0, { email_verified: true, password_changed_at: time(5), updated_at: time(5), last_active: time(5) })] }));
  });

  describe('last activity', () => {
    it('follows anything else the user does', () =>
      given([userRegistered(by(0))])
        .when([goalCreated(by(5), { goalId: randomUUID() }), passwordResetRequested(by(6))])
        .then({ users: [userRow(0, { last_active: time(6) })] }));

    it('only moves forward', () =>
      given([userRegistered(by(0)), goalCreated(by(10), { goalId: randomUUID() })])
        .when([goalCreated(by(5), { goalId: randomUUID() })])
        .then({ users: [userRow(0, { last_active: time(10) })] }));

    it('leaves events that ride along with a command’s main event to that event', () =>
      given([userRegistered(by(0))])
        .when([pointsAwarded(by(5), { points: 10, source: { type: 'goal', id: randomUUID() } })])
        .then({ users: [userRow(0)] }));

    it('moves only for the user who acted, and makes no row for a user it does not know', () =>
      given([userRegistered(by(0))])
        .when([goalCreated(by(5, bob), { goalId: randomUUID() })])
        .then({ users: [userRow(0)] }));
  });
});
