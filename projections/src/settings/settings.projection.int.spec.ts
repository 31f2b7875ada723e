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

type Calendar = NonNullable<Row<'user_settings'>['calendar']>;
const rule = (zone: string, dayStartHour = 0) => ({ zone, dayStartHour });
/** A calendar as stored: `day` from `startedAt` to `endsAt` in `now`; `next` what the days after count in. */
const calendar = (day: string, startedAt: string, endsAt: string, now: Calendar['rule'], next: Calendar['next'] = now): Calendar => ({
  day,
  startedAt,
  endsAt,
  rule: now,
  next,
});
/** Sunday 1 March 2026 in Paris (+01:00), where every user here registers (the factory's zone) at 09:00 UTC. */
const parisSunday = calendar('2026-03-01', '2026-02-28T23:00:00.000Z', '2026-03-01T23:00:00.000Z', rule('Europe/Paris'));

/** Settings as registration at `minutes` leaves them (the factory registers in Europe/Paris); `changes` say what later events did. */
const settingsRow = (minutes: number, changes: Partial<Row<'user_settings'>> = {}, userId = alice): Row<'user_settings'> => ({
  user_id: userId,
  timezone: 'Europe/Paris',
  week_start: 'sunday',
  theme: 'system',
  status_settings: defaultStatuses,
  day_start_hour: 0,
  email_reminders: false,
  leaderboard_visible: true,
  leaderboard_name: null,
  calendar: parisSunday,
  created_at: time(minutes),
  updated_at: time(minutes),
  ...changes,
});

describe('user settings projection', () => {
  it('starts a registered user on the defaults, in the zone of the registration', () =>
    given()
      .when([userRegistered(by(0)), userRegistered(by(1, bob), { timezone: 'Asia/Tokyo' })])
      .then({
        user_settings: [
          settingsRow(0),
          settingsRow(
            1,
            { timezone: 'Asia/Tokyo', calendar: calendar('2026-03-01', '2026-02-28T15:00:00.000Z', '2026-03-01T15:00:00.000Z', rule('Asia/Tokyo')) },
            bob,
          ),
        ],
      }));

  it('records the fields a change names and keeps the others', () =>
    given([userRegistered(by(0)), settingsUpdated(by(1), { theme: 'dark', weekStart: 'monday' })])
      .when([settingsUpdated(by(5), { statusSettings: hiddenCompleted, timezone: 'Asia/Kolkata' })])
      .then({
        user_settings: [
          settingsRow(0, {
            theme: 'dark',
            week_start: 'monday',
            status_settings: hiddenCompleted,
            timezone: 'Asia/Kolkata',
            // 14:35 in Kolkata, the same Sunday: at once, and today ends at Kolkata's midnight.
            calendar: calendar('2026-03-01', '2026-02-28T23:00:00.000Z', '2026-03-01T18:30:00.000Z', rule('Asia/Kolkata')),
            updated_at: time(5),
          }),
        ],
      }));

  it("changes only the user's own settings", () =>
    given([userRegistered(by(0)), userRegistered(by(0, bob))])
      .when([settingsUpdated(by(5, bob), { theme: 'light' })])
      .then({ user_settings: [settingsRow(0), settingsRow(0, { theme: 'light', updated_at: time(5) }, bob)] }));

  it("follows the profile's time zone, which is the same value", () =>
    given([userRegistered(by(0))])
      .when([userProfileUpdated(by(5), { timezone: 'America/Chicago' })])
      .then({
        user_settings: [
          settingsRow(0, {
            timezone: 'America/Chicago',
            calendar: calendar('2026-03-01', '2026-02-28T23:00:00.000Z', '2026-03-02T06:00:00.000Z', rule('America/Chicago')),
            updated_at: time(5),
          }),
        ],
      }));

  it('ignores a profile update that leaves the zone alone', () =>
    given([userRegistered(by(0))])
      .when([userProfileUpdated(by(5), { name: 'Ada L.' })])
      .then({ user_settings: [settingsRow(0)] }));

  it('turns reminder mail on, and keeps it through other changes', () =>
    given([userRegistered(by(0)), settingsUpdated(by(1), { emailReminders: true })])
      .when([settingsUpdated(by(2), { theme: 'dark' })])
      .then({ user_settings: [settingsRow(0, { theme: 'dark', email_reminders: true, updated_at: time(2) })] }));

  it('takes the user off the leaderboard and gives them another name there; null gives their own back', () =>
    given([userRegistered(by(0)), settingsUpdated(by(1), { leaderboardVisible: false, leaderboardName: 'Quiet Fox' })])
      .when([settingsUpdated(by(2), { leaderboardName: null })])
      .then({ user_settings: [settingsRow(0, { leaderboard_visible: false, leaderboard_name: null, updated_at: time(2) })] }));

  it('a reset writes the values the event recorded, time zone included (reminder mail off)', () =>
    given([userRegistered(by(0)), settingsUpdated(by(1), { theme: 'dark', statusSettings: hiddenCompleted, emailReminders: true })])
      .when([settingsReset(by(5))])
      .then({
        user_settings: [
          settingsRow(0, {
            timezone: 'America/New_York',
            calendar: calendar('2026-03-01', '2026-02-28T23:00:00.000Z', '2026-03-02T05:00:00.000Z', rule('America/New_York')),
            updated_at: time(5),
          }),
        ],
      }));
});

describe('the calendar', () => {
  // 20:00 UTC on Sunday: already Monday 10:00 in Kiritimati (+14).
  const evening = 11 * 60;
  const kiritimatiMonday = calendar('2026-03-02', '2026-03-01T23:00:00.000Z', '2026-03-02T10:00:00.000Z', rule('Pacific/Kiritimati'));

  it('a zone where it is already tomorrow waits for the end of today', () =>
    given([userRegistered(by(0))])
      .when([settingsUpdated(by(evening), { timezone: 'Pacific/Kiritimati' })])
      .then({
        user_settings: [
          settingsRow(0, {
            timezone: 'Pacific/Kiritimati',
            calendar: { ...parisSunday, next: rule('Pacific/Kiritimati') },
            updated_at: time(evening),
          }),
        ],
      }));

  it('the day after counts in the new zone; a day-start change waits for the day after the one it is made on', () =>
    given([userRegistered(by(0)), settingsUpdated(by(evening), { timezone: 'Pacific/Kiritimati' })])
      // 01:40 UTC on Monday: Monday in Kiritimati since Paris's midnight.
      .when([settingsUpdated(by(16 * 60 + 40), { dayStartHour: 4 })])
      .then({
        user_settings: [
          settingsRow(0, {
            timezone: 'Pacific/Kiritimati',
            day_start_hour: 4,
            calendar: { ...kiritimatiMonday, next: rule('Pacific/Kiritimati', 4) },
            updated_at: time(16 * 60 + 40),
          }),
        ],
      }));

  it('a profile change of zone moves it as a settings change does', () =>
    given([userRegistered(by(0))])
      .when([userProfileUpdated(by(evening), { timezone: 'Pacific/Kiritimati' })])
      .then({
        user_settings: [
          settingsRow(0, { timezone: 'Pacific/Kiritimati', calendar: { ...parisSunday, next: rule('Pacific/Kiritimati') }, updated_at: time(evening) }),
        ],
      }));

  it('back to a zone where it is still today takes it at once: today is never lived twice', () =>
    given([userRegistered(by(0)), settingsUpdated(by(evening), { timezone: 'Pacific/Kiritimati' })])
      // 20:30 UTC: 15:30 in New York, still Sunday.
      .when([settingsUpdated(by(evening + 30), { timezone: 'America/New_York' })])
      .then({
        user_settings: [
          settingsRow(0, {
            timezone: 'America/New_York',
            calendar: calendar('2026-03-01', '2026-02-28T23:00:00.000Z', '2026-03-02T05:00:00.000Z', rule('America/New_York')),
            updated_at: time(evening + 30),
          }),
        ],
      }));

  it('a reset takes back what waits for tomorrow', () =>
    given([userRegistered(by(0)), settingsUpdated(by(1), { timezone: 'UTC', dayStartHour: 4 })])
      .when([settingsReset(by(5))])
      .then({
        user_settings: [
          settingsRow(0, {
            timezone: 'America/New_York',
            calendar: calendar('2026-03-01', '2026-02-28T23:00:00.000Z', '2026-03-02T05:00:00.000Z', rule('America/New_York')),
            updated_at: time(5),
          }),
        ],
      }));

  it('a change that moves neither zone nor day start leaves it', () =>
    given([userRegistered(by(0))])
      .when([settingsUpdated(by(evening), { theme: 'dark' })])
      .then({ user_settings: [settingsRow(0, { theme: 'dark', updated_at: time(evening) })] }));

  it('folds the same calendar from the same events, whenever they are replayed (only their data and instants count)', () =>
    given()
      .when([
        userRegistered(by(0)),
        settingsUpdated(by(evening), { timezone: 'Pacific/Kiritimati' }),
        settingsUpdated(by(16 * 60 + 40), { dayStartHour: 4 }),
        userRegistered(by(0, bob)),
      ])
      .then({
        user_settings: [
          settingsRow(0, {
            timezone: 'Pacific/Kiritimati',
            day_start_hour: 4,
            calendar: { ...kiritimatiMonday, next: rule('Pacific/Kiritimati', 4) },
            updated_at: time(16 * 60 + 40),
          }),
          settingsRow(0, {}, bob),
        ],
      }));
});
