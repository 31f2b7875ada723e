import { z } from 'zod';
import { defineEvent } from '../common/events.ts';
import { calendarDate, id, storedInstant, storedText } from '../common/fields.ts';
import { roles, subscriptionStatuses } from './http.ts';

/** Appended with no_stream to `email-<sha256>`: the address belongs to this user. */
export const emailReserved = defineEvent('EmailReserved', z.object({ userId: id, email: storedText }));

/**
 * The metadata userId of events that no signed-in user causes (a forgot-password request): the nil
 * UUID, which no account ever has.
 */
export const ANONYMOUS_USER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Forgot-password's only write, to a stream of its own (`reset-<uuid>`), the same whether or not an
 * account has the address; the mail reactor resolves it later. It keeps the SHA-256 of the
 * lower-cased address (the id of its `email-` stream), not the address: the log holds no address
 * that is not an account's.
 */
export const passwordResetAsked = defineEvent('PasswordResetAsked', z.object({ emailHash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex') }));

export const userRegistered = defineEvent(
  'UserRegistered',
  z.object({
    userId: id,
    name: storedText,
    email: storedText,
    passwordHash: storedText,
    role: z.enum(roles),
    timezone: storedText,
    subscriptionStatus: z.enum(subscriptionStatuses),
  }),
);
/** Version 2 says how the user signed in (password only, for now); version 1 events are upcast. */
export const loginMethods = ['password'] as const;
export const userLoggedIn = defineEvent('UserLoggedIn', z.object({ userId: id, via: z.enum(loginMethods) }), 2);
export const userLoggedInV1 = z.object({ userId: z.string() });
export const userProfileUpdated = defineEvent(
  'UserProfileUpdated',
  z.object({
    userId: id,
    name: storedText.optional(),
    timezone: storedText.optional(),
    dateOfBirth: calendarDate.nullable().optional(),
  }),
);
export const passwordChanged = defineEvent('PasswordChanged', z.object({ userId: id, passwordHash: storedText, via: z.enum(['profile', 'reset']) }));
export const passwordResetRequested = defineEvent('PasswordResetRequested', z.object({ userId: id, tokenHash: storedText, expiresAt: storedInstant }));
export const emailVerificationRequested = defineEvent('EmailVerificationRequested', z.object({ userId: id, tokenHash: storedText, expiresAt: storedInstant }));
export const emailVerified = defineEvent('EmailVerified', z.object({ userId: id, tokenHash: storedText }));

export const userEvents = [
  userRegistered,
  userLoggedIn,
  userProfileUpdated,
  passwordChanged,
  passwordResetRequested,
  emailVerificationRequested,
  emailVerified,
] as const;
export const userEvent = z.discriminatedUnion('type', userEvents);
export type UserEvent = z.infer<typeof userEvent>;
export type EmailReserved = z.infer<typeof emailReserved>;
export type PasswordResetAsked = z.infer<typeof passwordResetAsked>;
