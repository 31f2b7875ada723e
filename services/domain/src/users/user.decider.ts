import type { UserEvent } from '@tracker/contracts/users/events';
import type { Unversioned } from '@tracker/contracts/common/events';
import type { SettingsEvent } from '@tracker/contracts/settings/events';
import { settingsDefaults, type SettingsValues } from '@tracker/contracts/settings/http';
import type { User } from '@tracker/contracts/users/http';
import { messages } from '@tracker/contracts/messages';
import { DEFAULT_DAY_START_HOUR } from '@tracker/contracts/constants';
import { Conflict, NotFound, ValidationFailed } from '../common/errors.ts';
import type { Decider, Recorded } from '../common/decider.ts';
import { calendarAfter, calendarOfRegistration } from '../settings/calendar-changes.ts';
import { mergeSettings, replacedSettings, settingsDiff, type SettingsChanges } from '../settings/settings.ts';
import type { UserCalendar } from '../time/user-calendar.ts';

// Settings share the user's stream: their time zone is the profile's time zone, one value that
// either a profile update or a settings change sets.
type Event = Unversioned<UserEvent | SettingsEvent>;

interface IssuedToken {
  expiresAt: string;
}

export type UserState =
  | { status: 'none' }
  | {
      status: 'registered';
      profile: Omit<User, 'lastActive'>;
      passwordHash: string;
      /** When the password last changed (null: never since registration); sessions carry it. */
      passwordChangedAt: string | null;
      /** Outstanding reset tokens by hash; a password change voids them all. */
      resetTokens: Record<string, IssuedToken>;
      verificationTokens: Record<string, IssuedToken>;
      /** Settings besides the time zone (that is `profile.timezone`). */
      settings: Omit<SettingsValues, 'timezone'>;
      /** When settings (or the time zone) last changed; the registration before that. */
      settingsUpdatedAt: string;
      /** The user's days (today, and what a change made today leaves for tomorrow). */
      calendar: UserCalendar;
    };

export type UserCommand =
  | { type: 'RegisterUser'; userId: string; name: string; email: string; passwordHash: string; timezone: string }
  | { type: 'RecordLogin' }
  | { type: 'UpdateProfile'; name?: string | undefined; timezone?: string | undefined; dateOfBirth?: string | null | undefined }
  | { type: 'ChangePassword'; passwordHash: string }
  | { type: 'RequestPasswordReset'; tokenHash: string; expiresAt: string }
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string; now: string }
  | { type: 'RequestEmailVerification'; tokenHash: string; expiresAt: string }
  | { type: 'VerifyEmail'; tokenHash: string; now: string }
  /** PATCH: what the body gives over the current settings; `statusSettings: 'replace'` takes the defaults for statuses it leaves out instead (PUT /settings/status). */
  | { type: 'ChangeSettings'; changes: SettingsChanges; statusSettings?: 'merge' | 'replace' }
  /** PUT: what the body gives over the defaults. */
  | { type: 'ReplaceSettings'; settings: SettingsChanges }
  | { type: 'ResetSettings' };

/** The user's settings, time zone included. */
export const settingsOfUser = (state: Extract<UserState, { status: 'registered' }>): SettingsValues => ({
  ...state.settings,
  timezone: state.profile.timezone,
});

const { timezone: _defaultZone, ...defaultsBesidesZone } = settingsDefaults;

const registered = (state: UserState) => {
  if (state.status === 'none') throw new NotFound('User not found');
  return state;
};

const isLive = (token: IssuedToken | undefined, now: string): token is IssuedToken => token !== undefined && Date.parse(token.expiresAt) > Date.parse(now);

export const decide = (command: UserCommand, state: UserState): Event[] => {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'none') throw new Conflict(messages.emailTaken, 'email_taken');
      const { userId, name, email, passwordHash, timezone } = command;
      return [
        {
          type: 'UserRegistered',
          data: { userId, name, email, passwordHash, timezone, role: 'user', subscriptionStatus: 'inactive' },
        },
      ];
    }
    case 'RecordLogin': {
      const user = registered(state);
      return [{ type: 'UserLoggedIn', data: { userId: user.profile.id, via: 'password' } }];
    }
    case 'UpdateProfile': {
      const { profile } = registered(state);
      const changes = {
        ...(command.name !== undefined && command.name !== profile.name ? { name: command.name } : {}),
        ...(command.timezone !== undefined && command.timezone !== profile.timezone ? { timezone: command.timezone } : {}),
        ...(command.dateOfBirth !== undefined && command.dateOfBirth !== profile.dateOfBirth ? { dateOfBirth: command.dateOfBirth } : {}),
      };
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'UserProfileUpdated', data: { userId: profile.id, ...changes } }];
    }
    case 'ChangePassword': {
      const { profile } = registered(state);
      return [{ type: 'PasswordChanged', data: { userId: profile.id, passwordHash: command.passwordHash, via: 'profile' } }];
    }
    case 'RequestPasswordReset': {
      const { profile } = registered(state);
      const { tokenHash, expiresAt } = command;
      return [{ type: 'PasswordResetRequested', data: { userId: profile.id, tokenHash, expiresAt } }];
    }
    case 'ResetPassword': {
      const user = registered(state);
      if (!isLive(user.resetTokens[command.tokenHash], command.now)) {
        throw new ValidationFailed(messages.resetTokenInvalid, 'token');
      }
      return [{ type: 'PasswordChanged', data: { userId: user.profile.id, passwordHash: command.passwordHash, via: 'reset' } }];
    }
    case 'RequestEmailVerification': {
      const { profile } = registered(state);
      const { tokenHash, expiresAt } = command;
      return [{ type: 'EmailVerificationRequested', data: { userId: profile.id, tokenHash, expiresAt } }];
    }
    case 'VerifyEmail': {
      const user = registered(state);
      if (!isLive(user.verificationTokens[command.tokenHash], command.now)) {
        throw new ValidationFailed(messages.verifyTokenInvalid, 'token');
      }
      return [{ type: 'EmailVerified', data: { userId: user.profile.id, tokenHash: command.tokenHash } }];
    }
    case 'ChangeSettings':
    case 'ReplaceSettings': {
      const user = registered(state);
      const current = settingsOfUser(user);
      const next =
        command.type === 'ReplaceSettings'
          ? replacedSettings(command.settings)
          : command.statusSettings === 'replace'
            ? { ...mergeSettings(current, { ...command.changes, statusSettings: undefined }), statusSettings: replacedSettings(command.changes).statusSettings }
            : mergeSettings(current, command.changes);
      const changes = settingsDiff(current, next);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'UserSettingsUpdated', data: { userId: user.profile.id, ...changes } }];
    }
    case 'ResetSettings': {
      const user = registered(state);
      if (Object.keys(settingsDiff(settingsOfUser(user), settingsDefaults)).length === 0) return [];
      return [{ type: 'UserSettingsReset', data: { userId: user.profile.id, settings: settingsDefaults } }];
    }
  }
};

export const evolve = (state: UserState, event: Recorded<Event>): UserState => {
  if (event.type === 'UserRegistered') {
    const { data } = event;
    return {
      status: 'registered',
      passwordHash: data.passwordHash,
      passwordChangedAt: null,
      resetTokens: {},
      verificationTokens: {},
      settings: defaultsBesidesZone,
      settingsUpdatedAt: event.occurredAt,
      calendar: calendarOfRegistration(event, event.occurredAt),
      profile: {
        id: data.userId,
        name: data.name,
        email: data.email,
        role: data.role,
        timezone: data.timezone,
        isActive: true,
        emailVerified: false,
        subscriptionStatus: data.subscriptionStatus,
        totalLogins: 0,
        lastLoginAt: null,
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
        dateOfBirth: null,
        trialStartDate: null,
        subscriptionDate: null,
      },
    };
  }
  if (state.status === 'none') return state;
  const touched = { ...state, profile: { ...state.profile, updatedAt: event.occurredAt } };
  switch (event.type) {
    case 'UserLoggedIn':
      return {
        ...state,
        profile: { ...state.profile, totalLogins: state.profile.totalLogins + 1, lastLoginAt: event.occurredAt },
      };
    case 'UserProfileUpdated': {
      const { userId: _, ...changes } = event.data;
      const zoneChanged = changes.timezone !== undefined;
      return {
        ...touched,
        profile: { ...touched.profile, ...changes },
        ...(zoneChanged ? { settingsUpdatedAt: event.occurredAt, calendar: calendarAfter(state.calendar, event, event.occurredAt) } : {}),
      };
    }
    case 'UserSettingsUpdated': {
      const { userId: _, timezone, ...changes } = event.data;
      const profile = timezone === undefined ? state.profile : { ...touched.profile, timezone };
      return {
        ...state,
        profile,
        settings: { ...state.settings, ...changes },
        settingsUpdatedAt: event.occurredAt,
        calendar: calendarAfter(state.calendar, event, event.occurredAt),
      };
    }
    case 'UserSettingsReset': {
      const {
        timezone,
        dayStartHour = DEFAULT_DAY_START_HOUR,
        emailReminders = false,
        leaderboardVisible = true,
        leaderboardName = null,
        ...settings
      } = event.data.settings;
      const profile = timezone === state.profile.timezone ? state.profile : { ...touched.profile, timezone };
      return {
        ...state,
        profile,
        settings: { ...settings, dayStartHour, emailReminders, leaderboardVisible, leaderboardName },
        settingsUpdatedAt: event.occurredAt,
        calendar: calendarAfter(state.calendar, event, event.occurredAt),
      };
    }
    case 'PasswordChanged':
      // Any reset token issued before the change is void, whichever way the password changed.
      return { ...touched, passwordHash: event.data.passwordHash, passwordChangedAt: event.occurredAt, resetTokens: {} };
    case 'PasswordResetRequested':
      return { ...state, resetTokens: { ...state.resetTokens, [event.data.tokenHash]: { expiresAt: event.data.expiresAt } } };
    case 'EmailVerificationRequested':
      return {
        ...state,
        verificationTokens: { ...state.verificationTokens, [event.data.tokenHash]: { expiresAt: event.data.expiresAt } },
      };
    case 'EmailVerified':
      return { ...touched, verificationTokens: {}, profile: { ...touched.profile, emailVerified: true } };
  }
};

export const userDecider: Decider<UserCommand, Event, UserState> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};
