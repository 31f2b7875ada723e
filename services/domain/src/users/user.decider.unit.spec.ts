import { describe, it } from 'vitest';
import { Conflict, NotFound, ValidationFailed } from '../common/errors.ts';
import { specify } from '../common/specify.ts';
import { userDecider } from './user.decider.ts';

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
