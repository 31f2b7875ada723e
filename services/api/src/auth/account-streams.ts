import { createHash } from 'node:crypto';
import { streamName } from '@tracker/contracts/streams';

// The streams of an account: its e-mail's reservation (`email-<hash>`), the user's own stream
// (`user-<id>`) and each forgot-password request (`reset-<uuid>`).

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** SHA-256 (hex) of the lower-cased address: the id of its e-mail stream. */
export const emailHash = (email: string): string => createHash('sha256').update(normaliseEmail(email)).digest('hex');

/** `email-<sha256 of the lower-cased address>`: reserving it with no_stream makes addresses unique. */
export const emailStream = (email: string): string => emailStreamOfHash(emailHash(email));

export const emailStreamOfHash = (hash: string): string => streamName('email', hash);

/** `user-<id>`: the account itself (profile, password, settings). */
export const userStream = (userId: string): string => streamName('user', userId);

/** One forgot-password request: `reset-<uuid>`. */
export const resetAskStream = (askId: string): string => streamName('reset', askId);
