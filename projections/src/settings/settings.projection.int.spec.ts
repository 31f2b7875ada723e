import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { settingsDefaults, type SettingsValues } from '@tracker/contracts/settings/http';
import { userProfileUpdated, userRegistered } from '../testing/event-factories.ts';
import { projectedEvent, projectorSpec, type EventContext } from '../testing/projector-spec.ts';
import { settingsProjection } from './settings.projection.ts';
import type { Row } from '../db.ts';

const given = projectorSpec(settingsProjection);

const alice = randomUUID();
const bob = randomUUID();
const by = (minutes: number, userId = alice): EventContext => ({ userId, at: new Date(Date.UTC(2026, 2, 1, 9, minutes)).toISOString() });
const time = (minutes: number) => new Date(by(minutes).at);

const settingsUpdated = (context: EventContext, data: Partial<SettingsValues>) =>
  projectedEvent('UserSettingsUpdated', { userId: context.userId, ...data }, context);
const settingsReset = (context: EventContext) => projectedEvent('UserSettingsReset', { userId: context.userId, settings: settingsDefaults }, context);

const { statusSettings: defaultStatuses } = settingsDefaults;
const hiddenCompleted = { ...defaultStatuses, completed: { ...defaultStatuses.completed, visible: false } };

/** Settings as registration at `minutes` leaves them (the factory registers in Europe/Paris); `changes` say what later events did. */
const settingsRow = (minutes: number, changes: Partial<Row<'user_settings'>> = {}, userId = alice): Row<'user_settings'> => ({
  user_id: userId,
  timezone: 'Europe/Paris',
  week_start: 'sunday',
  theme: 'system',
  status_settings: defaultStatuses,
  created_at: time(minutes),
  updated_at: time(minutes),
  ...changes,
});

describe('user settings projection', () => {
  it('starts a registered user on the defaults, in the zone of the registration', () =>
    given()
      .when([userRegistered(by(0)), userRegistered(by(1, bob), { timezone: 'Asia/Tokyo' })])
      .then({ user_settings: [settingsRow(0), settingsRow(1, { timezone: 'Asia/Tokyo' }, bob)] }));

  it('records the fields a change names and keeps the others', () =>
    given([userRegistered(by(0)), settingsUpdated(by(1), { theme: 'dark', weekStart: 'monday' })])
      .when([settingsUpdated(by(5), { statusSettings: hiddenCompleted, timezone: 'Asia/Kolkata' })])
      .then({
        user_settings: [
          settingsRow(0, { theme: 'dark', week_start: 'monday', status_settings: hiddenCompleted, timezone: 'Asia/Kolkata', updated_at: time(5) }),
        ],
      }));

  it("changes only the user's own settings", () =>
    given([userRegistered(by(0)), userRegistered(by(0, bob))])
      .when([settingsUpdated(by(5, bob), { theme: 'light' })])
      .then({ user_settings: [settingsRow(0), settingsRow(0, { theme: 'light', updated_at: time(5) }, bob)] }));

  it("follows the profile's time zone, which is the same value", () =>
    given([userRegistered(by(0))])
      .when([userProfileUpdated(by(5), { timezone: 'America/Chicago' })])
      .then({ user_settings: [settingsRow(0, { timezone: 'America/Chicago', updated_at: time(5) })] }));

  it('ignores a profile update that leaves the zone alone', () =>
    given([userRegistered(by(0))])
      .when([userProfileUpdated(by(5), { name: 'Ada L.' })])
      .then({ user_settings: [settingsRow(0)] }));

  it('a reset writes the values the event recorded, time zone included', () =>
    given([userRegistered(by(0)), settingsUpdated(by(1), { theme: 'dark', statusSettings: hiddenCompleted })])
      .when([settingsReset(by(5))])
      .then({ user_settings: [settingsRow(0, { timezone: 'America/New_York', updated_at: time(5) })] }));
});
