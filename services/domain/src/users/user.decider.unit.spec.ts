import { describe, expect, it } from 'vitest';
import { settingsDefaults, STATUS_COLOR, type SettingsValues } from '@tracker/contracts/settings/http';
import { Conflict, NotFound, ValidationFailed } from '../common/errors.ts';
import { fold } from '../common/decider.ts';
import { specify } from '../common/specify.ts';
import { settingsOfUser, userDecider } from './user.decider.ts';

const given = specify(userDecider);
const userId = '7d1c3f0e-2b7a-4c55-9d1e-0d7f5d9f8a11';
const at = (iso: string) => ({ occurredAt: iso });
const registeredEvent = {
  type: 'UserRegistered' as const,
  data: {
    userId,
    name: 'Ada',
    email: 'ada@example.com',
    passwordHash: 'hash-1',
    role: 'user' as const,
    timezone: 'America/New_York',
    subscriptionStatus: 'inactive' as const,
  },
  ...at('2026-03-01T10:00:00.000Z'),
};
const resetRequested = (tokenHash: string, expiresAt: string) => ({
  type: 'PasswordResetRequested' as const,
  data: { userId, tokenHash, expiresAt },
  ...at('2026-03-01T11:00:00.000Z'),
});

describe('registering', () => {
  it('registers a new user with the defaults', () =>
    given([])
      .when({ type: 'RegisterUser', userId, name: 'Ada', email: 'ada@example.com', passwordHash: 'hash-1', timezone: 'America/New_York' })
      .then([{ type: 'UserRegistered', data: registeredEvent.data }]));
  it('refuses to register the same user twice', () =>
    given([registeredEvent])
      .when({ type: 'RegisterUser', userId, name: 'Ada', email: 'ada@example.com', passwordHash: 'h', timezone: 'UTC' })
      .thenThrows(Conflict));
});

describe('logging in', () => {
  it('records a login', () =>
    given([registeredEvent])
      .when({ type: 'RecordLogin' })
      .then([{ type: 'UserLoggedIn', data: { userId, via: 'password' } }]));
  it('refuses an unknown user', () => given([]).when({ type: 'RecordLogin' }).thenThrows(NotFound));
});

describe('updating the profile', () => {
  it('records only what changed', () =>
    given([registeredEvent])
      .when({ type: 'UpdateProfile', name: 'Ada L.', timezone: 'America/New_York' })
      .then([{ type: 'UserProfileUpdated', data: { userId, name: 'Ada L.' } }]));
  it('does nothing when nothing changed', () => given([registeredEvent]).when({ type: 'UpdateProfile', name: 'Ada' }).thenNothing());
  it('refuses an unknown user', () => given([]).when({ type: 'UpdateProfile', name: 'X' }).thenThrows(NotFound));
});

describe('resetting the password', () => {
  const now = '2026-03-01T12:00:00.000Z';
  it('accepts a live token once', () =>
    given([registeredEvent, resetRequested('t1', '2026-03-01T13:00:00.000Z')])
      .when({ type: 'ResetPassword', tokenHash: 't1', passwordHash: 'hash-2', now })
      .then([{ type: 'PasswordChanged', data: { userId, passwordHash: 'hash-2', via: 'reset' } }]));
  it('refuses a token already used', () =>
    given([
      registeredEvent,
      resetRequested('t1', '2026-03-01T13:00:00.000Z'),
      { type: 'PasswordChanged', data: { userId, passwordHash: 'hash-2', via: 'reset' }, ...at('2026-03-01T11:30:00.000Z') },
    ])
      .when({ type: 'ResetPassword', tokenHash: 't1', passwordHash: 'hash-3', now })
      .thenThrows(ValidationFailed, 'Reset token is invalid or has expired'));
  it('refuses an expired token', () =>
    given([registeredEvent, resetRequested('t1', '2026-03-01T11:59:59.000Z')])
      .when({ type: 'ResetPassword', tokenHash: 't1', passwordHash: 'hash-2', now })
      .thenThrows(ValidationFailed));
  it('refuses a token issued before a later password change', () =>
    given([
      registeredEvent,
      resetRequested('t1', '2026-03-01T13:00:00.000Z'),
      { type: 'PasswordChanged', data: { userId, passwordHash: 'hash-2', via: 'profile' }, ...at('2026-03-01T11:10:00.000Z') },
    ])
      .when({ type: 'ResetPassword', tokenHash: 't1', passwordHash: 'hash-3', now })
      .thenThrows(ValidationFailed));
});

describe('verifying the e-mail address', () => {
  const requested = {
    type: 'EmailVerificationRequested' as const,
    data: { userId, tokenHash: 'v1', expiresAt: '2026-03-02T10:00:00.000Z' },
    ...at('2026-03-01T10:00:00.000Z'),
  };
  it('verifies with a live token', () =>
    given([registeredEvent, requested])
      .when({ type: 'VerifyEmail', tokenHash: 'v1', now: '2026-03-01T12:00:00.000Z' })
      .then([{ type: 'EmailVerified', data: { userId, tokenHash: 'v1' } }]));
  it('refuses an unknown token', () =>
    given([registeredEvent, requested]).when({ type: 'VerifyEmail', tokenHash: 'nope', now: '2026-03-01T12:00:00.000Z' }).thenThrows(ValidationFailed));
  it('refuses a token used once already', () =>
    given([registeredEvent, requested, { type: 'EmailVerified', data: { userId, tokenHash: 'v1' }, ...at('2026-03-01T11:00:00.000Z') }])
      .when({ type: 'VerifyEmail', tokenHash: 'v1', now: '2026-03-01T12:00:00.000Z' })
      .thenThrows(ValidationFailed));
});

describe('settings', () => {
  const settingsUpdated = (data: Partial<SettingsValues>, iso = '2026-03-02T10:00:00.000Z') => ({
    type: 'UserSettingsUpdated' as const,
    data: { userId, ...data },
    ...at(iso),
  });
  const { statusSettings: defaults } = settingsDefaults;
  const hidden = { ...defaults, completed: { ...defaults.completed, visible: false } };
  const settingsAfter = (events: Parameters<typeof given>[0]) => {
    const state = fold(userDecider, events);
    if (state.status !== 'registered') throw new Error('not registered');
    return settingsOfUser(state);
  };

  it('starts from the defaults, in the zone the user registered with', () =>
    expect(settingsAfter([{ ...registeredEvent, data: { ...registeredEvent.data, timezone: 'Europe/Paris' } }])).toEqual({
      ...settingsDefaults,
      timezone: 'Europe/Paris',
    }));

  describe('changing (PATCH)', () => {
    it('records only the fields that changed', () =>
      given([registeredEvent])
        .when({ type: 'ChangeSettings', changes: { theme: 'dark', weekStart: 'sunday', timezone: 'America/New_York' } })
        .then([{ type: 'UserSettingsUpdated', data: { userId, theme: 'dark' } }]));
    it('merges status settings per status and field, recording the whole map', () =>
      given([registeredEvent])
        .when({ type: 'ChangeSettings', changes: { statusSettings: { completed: { visible: false } } } })
        .then([{ type: 'UserSettingsUpdated', data: { userId, statusSettings: hidden } }]));
    it('keeps earlier changes a later one leaves out', () =>
      given([registeredEvent, settingsUpdated({ statusSettings: hidden })])
        .when({ type: 'ChangeSettings', changes: { statusSettings: { pending: { color: '#000000' } } } })
        .then([{ type: 'UserSettingsUpdated', data: { userId, statusSettings: { ...hidden, pending: { ...defaults.pending, color: '#000000' } } } }]));
    it('does nothing when nothing changes', () =>
      given([registeredEvent, settingsUpdated({ theme: 'dark' })])
        .when({ type: 'ChangeSettings', changes: { theme: 'dark', statusSettings: { pending: { priority: 2 } } } })
        .thenNothing());
    it('refuses an unknown user', () =>
      given([])
        .when({ type: 'ChangeSettings', changes: { theme: 'dark' } })
        .thenThrows(NotFound));
  });

  describe('replacing status settings (PUT /settings/status)', () => {
    it('takes the defaults for what the body leaves out', () =>
      given([registeredEvent, settingsUpdated({ statusSettings: hidden, theme: 'dark' })])
        .when({ type: 'ChangeSettings', statusSettings: 'replace', changes: { statusSettings: { pending: { priority: 1 }, 'in-progress': { priority: 2 } } } })
        .then([
          {
            type: 'UserSettingsUpdated',
            data: {
              userId,
              statusSettings: { ...defaults, pending: { ...defaults.pending, priority: 1 }, 'in-progress': { ...defaults['in-progress'], priority: 2 } },
            },
          },
        ]));
    it('does nothing when the result is what stands', () =>
      given([registeredEvent])
        .when({ type: 'ChangeSettings', statusSettings: 'replace', changes: { statusSettings: {} } })
        .thenNothing());
  });

  describe('replacing (PUT /settings)', () => {
    it('takes the defaults for every field the body leaves out, the time zone included', () =>
      given([registeredEvent, settingsUpdated({ theme: 'dark', weekStart: 'monday', timezone: 'Asia/Tokyo' })])
        .when({ type: 'ReplaceSettings', settings: { weekStart: 'monday', statusSettings: { completed: { visible: false } } } })
        .then([{ type: 'UserSettingsUpdated', data: { userId, timezone: 'America/New_York', theme: 'system', statusSettings: hidden } }]));
    it('does nothing when the settings already are what the body stands for', () =>
      given([registeredEvent])
        .when({ type: 'ReplaceSettings', settings: { theme: 'system' } })
        .thenNothing());
    it('refuses an unknown user', () => given([]).when({ type: 'ReplaceSettings', settings: {} }).thenThrows(NotFound));
  });

  describe('resetting', () => {
    it('goes back to the defaults, recorded as values', () =>
      given([registeredEvent, settingsUpdated({ theme: 'light', timezone: 'Asia/Tokyo' })])
        .when({ type: 'ResetSettings' })
        .then([{ type: 'UserSettingsReset' as const, data: { userId, settings: settingsDefaults } }]));
    it('does nothing when the settings are the defaults', () => given([registeredEvent]).when({ type: 'ResetSettings' }).thenNothing());
    it('refuses an unknown user', () => given([]).when({ type: 'ResetSettings' }).thenThrows(NotFound));
    it('leaves the defaults standing afterwards', () =>
      expect(
        settingsAfter([
          registeredEvent,
          settingsUpdated({ theme: 'light', timezone: 'Asia/Tokyo' }),
          { type: 'UserSettingsReset' as const, data: { userId, settings: settingsDefaults }, ...at('2026-03-03T10:00:00.000Z') },
        ]),
      ).toEqual(settingsDefaults));
  });

  describe('one time zone for profile and settings', () => {
    it("a settings change of zone is the profile's zone", () => {
      const state = fold(userDecider, [registeredEvent, settingsUpdated({ timezone: 'Asia/Tokyo' })]);
      expect(state.status === 'registered' && state.profile.timezone).toBe('Asia/Tokyo');
    });
    it('a profile change of zone shows in the settings', () =>
      expect(
        settingsAfter([
          registeredEvent,
          { type: 'UserProfileUpdated' as const, data: { userId, timezone: 'Europe/Berlin' }, ...at('2026-03-02T10:00:00.000Z') },
        ]).timezone,
      ).toBe('Europe/Berlin'));
    it('setting in settings the zone the profile already has records nothing', () =>
      given([registeredEvent, { type: 'UserProfileUpdated' as const, data: { userId, timezone: 'Europe/Berlin' }, ...at('2026-03-02T10:00:00.000Z') }])
        .when({ type: 'ChangeSettings', changes: { timezone: 'Europe/Berlin' } })
        .thenNothing());
    it('a profile update to the zone settings set records nothing', () =>
      given([registeredEvent, settingsUpdated({ timezone: 'Asia/Tokyo' })])
        .when({ type: 'UpdateProfile', timezone: 'Asia/Tokyo' })
        .thenNothing());
  });

  describe('the day-start hour', () => {
    it('is recorded when it changes', () =>
      given([registeredEvent])
        .when({ type: 'ChangeSettings', changes: { dayStartHour: 4 } })
        .then([{ type: 'UserSettingsUpdated', data: { userId, dayStartHour: 4 } }]));
    it('records nothing when it is already the one asked for', () =>
      given([registeredEvent, settingsUpdated({ dayStartHour: 4 })])
        .when({ type: 'ChangeSettings', changes: { dayStartHour: 4 } })
        .thenNothing());
    it('a replacing body without it takes the default back', () =>
      given([registeredEvent, settingsUpdated({ dayStartHour: 4 })])
        .when({ type: 'ReplaceSettings', settings: {} })
        .then([{ type: 'UserSettingsUpdated', data: { userId, dayStartHour: 0 } }]));
    it('a reset recorded before day starts existed leaves midnight', () =>
      expect(
        settingsAfter([
          registeredEvent,
          settingsUpdated({ dayStartHour: 4 }),
          {
            type: 'UserSettingsReset' as const,
            data: { userId, settings: { timezone: 'America/New_York', weekStart: 'sunday', theme: 'system', statusSettings: defaults } },
            ...at('2026-03-03T10:00:00.000Z'),
          },
        ]).dayStartHour,
      ).toBe(0));
  });

  describe('reminder mail', () => {
    it('is recorded when turned on or off', () =>
      given([registeredEvent])
        .when({ type: 'ChangeSettings', changes: { emailReminders: true } })
        .then([{ type: 'UserSettingsUpdated', data: { userId, emailReminders: true } }]));
    it('records nothing when it already is as asked', () =>
      given([registeredEvent, settingsUpdated({ emailReminders: true })])
        .when({ type: 'ChangeSettings', changes: { emailReminders: true } })
        .thenNothing());
    it('a reset turns it off, and a reset recorded before it existed leaves it off', () => {
      expect(
        settingsAfter([
          registeredEvent,
          settingsUpdated({ emailReminders: true }),
          { type: 'UserSettingsReset' as const, data: { userId, settings: settingsDefaults }, ...at('2026-03-03T10:00:00.000Z') },
        ]).emailReminders,
      ).toBe(false);
      expect(
        settingsAfter([
          registeredEvent,
          settingsUpdated({ emailReminders: true }),
          {
            type: 'UserSettingsReset' as const,
            data: { userId, settings: { timezone: 'America/New_York', weekStart: 'sunday', theme: 'system', statusSettings: defaults } },
            ...at('2026-03-03T10:00:00.000Z'),
          },
        ]).emailReminders,
      ).toBe(false);
    });
  });

  describe('the calendar', () => {
    const calendarAfter = (events: Parameters<typeof given>[0]) => {
      const state = fold(userDecider, events);
      if (state.status !== 'registered') throw new Error('not registered');
      return state.calendar;
    };
    it('starts at registration, in the zone registered with', () =>
      expect(calendarAfter([registeredEvent])).toMatchObject({ day: '2026-03-01', rule: { zone: 'America/New_York', dayStartHour: 0 } }));
    it('a zone where it is already tomorrow waits for the end of today', () =>
      // 20:00 in New York is 15:00 tomorrow in Kiritimati: today stays New York's until its midnight.
      expect(calendarAfter([registeredEvent, settingsUpdated({ timezone: 'Pacific/Kiritimati' }, '2026-03-02T01:00:00.000Z')])).toMatchObject({
        day: '2026-03-01',
        endsAt: '2026-03-02T05:00:00.000Z',
        rule: { zone: 'America/New_York' },
        next: { zone: 'Pacific/Kiritimati' },
      }));
    it('a profile change of zone moves it as a settings change does', () =>
      expect(
        calendarAfter([
          registeredEvent,
          { type: 'UserProfileUpdated' as const, data: { userId, timezone: 'Europe/Berlin' }, ...at('2026-03-01T12:00:00.000Z') },
        ]),
      ).toMatchObject({ day: '2026-03-01', rule: { zone: 'Europe/Berlin' }, next: { zone: 'Europe/Berlin' } }));
    it('a day-start change waits for tomorrow', () =>
      expect(calendarAfter([registeredEvent, settingsUpdated({ dayStartHour: 4 }, '2026-03-01T12:00:00.000Z')])).toMatchObject({
        rule: { dayStartHour: 0 },
        next: { dayStartHour: 4 },
      }));
    it('a reset takes the default zone and day start back', () =>
      expect(
        calendarAfter([
          registeredEvent,
          settingsUpdated({ timezone: 'UTC', dayStartHour: 4 }, '2026-03-01T12:00:00.000Z'),
          { type: 'UserSettingsReset' as const, data: { userId, settings: settingsDefaults }, ...at('2026-03-01T13:00:00.000Z') },
        ]),
      ).toMatchObject({ rule: { zone: 'America/New_York', dayStartHour: 0 }, next: { zone: 'America/New_York', dayStartHour: 0 } }));
  });

  it('every status starts with the colour spec.md §9 sends', () =>
    expect(Object.values(settingsDefaults.statusSettings).every((setting) => setting.color === STATUS_COLOR)).toBe(true));
});
