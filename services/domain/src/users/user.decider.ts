import type { UserEvent } from '@tracker/contracts/users/events';
import type { Unversioned } from '@tracker/contracts/common/events';
import type { User } from '@tracker/contracts/users/http';
import { messages } from '@tracker/contracts/messages';
import { Conflict, NotFound, ValidationFailed } from '../common/errors.ts';
import type { Decider, Recorded } from '../common/decider.ts';

type Event = Unversioned<UserEvent>;

interface IssuedToken {
  expiresAt: string;
}

export type UserState =
  | { status: 'none' }
  | {
      status: 'registered';
      profile: Omit<User, 'lastActive'>;
      passwordHash: string;
      /** Outstanding reset tokens by hash; a password change voids them all. */
      resetTokens: Record<string, IssuedToken>;
      verificationTokens: Record<string, IssuedToken>;
    };

export type UserCommand =
  | { type: 'RegisterUser'; userId: string; name: string; email: string; passwordHash: string; timezone: string }
  | { type: 'RecordLogin' }
  | { type: 'UpdateProfile'; name?: string | undefined; timezone?: string | undefined; dateOfBirth?: string | null | undefined }
  | { type: 'ChangePassword'; passwordHash: string }
  | { type: 'RequestPasswordReset'; tokenHash: string; expiresAt: string }
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string; now: string }
  | { type: 'RequestEmailVerification'; tokenHash: string; expiresAt: string }
  | { type: 'VerifyEmail'; tokenHash: string; now: string };

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
  }
};

export const evolve = (state: UserState, event: Recorded<Event>): UserState => {
  if (event.type === 'UserRegistered') {
    const { data } = event;
    return {
      status: 'registered',
      passwordHash: data.passwordHash,
      resetTokens: {},
      verificationTokens: {},
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
      return { ...touched, profile: { ...touched.profile, ...changes } };
    }
    case 'PasswordChanged':
      // Any reset token issued before the change is void, whichever way the password changed.
      return { ...touched, passwordHash: event.data.passwordHash, resetTokens: {} };
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
