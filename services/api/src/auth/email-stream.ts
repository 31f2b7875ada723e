import { createHash } from 'node:crypto';

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** `email-<sha256 of the lower-cased address>`: reserving it with no_stream makes addresses unique. */
export const emailStream = (email: string): string =>
  `email-${createHash('sha256').update(normaliseEmail(email)).digest('hex')}`;

export const userStream = (userId: string): string => `user-${userId}`;
