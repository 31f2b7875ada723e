import { z } from 'zod';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { birthDate, id, isStorableText, isoDateTime, requiredText, timezone } from '../common/fields.ts';
import { messages } from '../messages.ts';

import { roles, subscriptionStatuses } from '../values.ts';
export { roles, subscriptionStatuses };

export const user = z.object({
  id,
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  timezone: z.string(),
  isActive: z.boolean(),
  emailVerified: z.boolean(),
  lastActive: isoDateTime.nullable(),
  subscriptionStatus: z.enum(subscriptionStatuses),
  totalLogins: z.number().int(),
  lastLoginAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  dateOfBirth: z.iso.date().nullable(),
  trialStartDate: isoDateTime.nullable(),
  subscriptionDate: isoDateTime.nullable(),
});
export type User = z.infer<typeof user>;

export const email = z.string({ message: 'is required' }).trim().max(254, 'must be at most 254 characters').pipe(z.email('must be a valid email address'));

export const password = z
  .string({ message: 'is required' })
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .refine((value) => Buffer.byteLength(value, 'utf8') <= PASSWORD_MAX_BYTES, messages.passwordTooLong)
  .refine(isStorableText, 'must not contain NUL or unpaired surrogate characters');

export const name = requiredText(100);

/** `timezone`: the browser's zone, so days count in it from the start (else the default). */
export const registerBody = z.object({ name, email, password, timezone: timezone.optional() });
export type RegisterBody = z.infer<typeof registerBody>;

/** Login checks only presence: a password policy answer would tell which accounts exist. */
export const loginBody = z.object({
  email: requiredText(254),
  password: z
    .string({ message: 'is required' })
    .min(1, 'is required')
    .max(1024)
    .refine(isStorableText, 'must not contain NUL or unpaired surrogate characters'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const authResponse = z.object({ token: z.string(), user });
export type AuthResponse = z.infer<typeof authResponse>;

export const profileUpdateBody = z
  .object({
    name: name.optional(),
    timezone: timezone.optional(),
    dateOfBirth: birthDate.nullable().optional(),
    currentPassword: z.string().max(1024).refine(isStorableText, 'must not contain NUL or unpaired surrogate characters').optional(),
    newPassword: password.optional(),
  })
  .refine((body) => body.newPassword === undefined || body.currentPassword !== undefined, {
    message: 'is required to change the password',
    path: ['currentPassword'],
  });
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

export const userResponse = z.object({ user });
/** A password change ends every earlier session, so it answers with a fresh token for this one. */
export const profileUpdateResponse = z.object({ user, token: z.string().optional() });
export const forgotPasswordBody = z.object({ email: requiredText(254) });
const oneTimeToken = requiredText(512);
export const resetPasswordBody = z.object({ token: oneTimeToken, newPassword: password });
export const verifyEmailBody = z.object({ token: oneTimeToken });
export const messageResponse = z.object({ message: z.string() });
