import { z } from 'zod';
import { defineEvent } from '../common/events.ts';
import { roles, subscriptionStatuses } from './http.ts';

const instant = z.iso.datetime({ offset: true });

/** Appended with no_stream to `email-<sha256>`: the address belongs to this user. */
export const emailReserved = defineEvent('EmailReserved', z.object({ userId: z.string(), email: z.string() }));

export const userRegistered = defineEvent(
  'UserRegistered',
  z.object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    passwordHash: z.string(),
    role: z.enum(roles),
    timezone: z.string(),
    subscriptionStatus: z.enum(subscriptionStatuses),
  }),
);
/** Version 2 says how the user signed in (password only, for now); version 1 events are upcast. */
export const loginMethods = ['password'] as const;
export const userLoggedIn = defineEvent('UserLoggedIn', z.object({ userId: z.string(), via: z.enum(loginMethods) }), 2);
export const userLoggedInV1 = z.object({ userId: z.string() });
export const userProfileUpdated = defineEvent(
  'UserProfileUpdated',
  z.object({
    userId: z.string(),
    name: z.string().optional(),
    timezone: z.string().optional(),
    dateOfBirth: z.string().nullable().optional(),
  }),
);
export const passwordChanged = defineEvent(
  'PasswordChanged',
  z.object({ userId: z.string(), passwordHash: z.string(), via: z.enum(['profile', 'reset']) }),
);
export const passwordResetRequested = defineEvent(
  'PasswordResetRequested',
  z.object({ userId: z.string(), tokenHash: z.string(), expiresAt: instant }),
);
export const emailVerificationRequested = defineEvent(
  'EmailVerificationRequested',
  z.object({ userId: z.string(), tokenHash: z.string(), expiresAt: instant }),
);
export const emailVerified = defineEvent('EmailVerified', z.object({ userId: z.string(), tokenHash: z.string() }));

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
