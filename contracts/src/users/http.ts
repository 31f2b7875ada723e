import { z } from 'zod';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { id, isoDateTime, timezone } from '../common/fields.ts';
import { messages } from '../messages.ts';

export const roles = ['user', 'admin'] as const;
export const subscriptionStatuses = ['inactive', 'trial', 'active', 'cancelled'] as const;

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

export const email = z.string().trim().max(254, 'must be at most 254 characters').pipe(z.email('must be a valid email address'));

export const password = z
  .string({ message: 'is required' })
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .refine((value) => Buffer.byteLength(value, 'utf8') <= PASSWORD_MAX_BYTES, messages.passwordTooLong);

export const name = z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters');

export const registerBody = z.object({ name, email, password });
export type RegisterBody = z.infer<typeof registerBody>;

/** Login checks only presence: a password policy answer would tell which accounts exist. */
export const loginBody = z.object({
  email: z.string().trim().min(1, 'is required').max(254),
  password: z.string().min(1, 'is required').max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const authResponse = z.object({ token: z.string(), user });
export type AuthResponse = z.infer<typeof authResponse>;

export const profileUpdateBody = z
  .object({
    name: name.optional(),
    timezone: timezone.optional(),
    dateOfBirth: z.iso.date('must be a date (YYYY-MM-DD)').nullable().optional(),
    currentPassword: z.string().optional(),
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
export const forgotPasswordBody = z.object({ email: z.string().trim().min(1, 'is required').max(254) });
export const resetPasswordBody = z.object({ token: z.string().min(1, 'is required').max(512), newPassword: password });
export const verifyEmailBody = z.object({ token: z.string().min(1, 'is required').max(512) });
export const messageResponse = z.object({ message: z.string() });

