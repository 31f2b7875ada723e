import { createHash, createHmac } from 'node:crypto';

/**
 * HMAC-SHA256 of a message under the server secret, base64url: a value only this server can compute,
 * and the same on every repeat. Features get this function, never the secret itself.
 */
export type SecretDerivation = (message: string) => string;

/**
 * The key is the JWT secret. No message derived here is one a JWT signs: those are base64url parts
 * joined by '.', and every message here contains ':'.
 */
export const secretDerivation =
  (secret: Uint8Array): SecretDerivation =>
  (message) =>
    createHmac('sha256', secret).update(message).digest('base64url');

export type OneTimeTokenPurpose = 'verify' | 'reset';

/**
 * Reset and verification tokens: `<userId>.<HMAC(server secret, purpose:cause event id)>` (43
 * characters). The user id lets the command find the stream without a read model; only the SHA-256
 * of the whole token is ever stored. Derived from the event that asked for it, not random: the mail
 * reactor, repeating after a crash, mails the very token whose hash the log already holds.
 */
export const derivedOneTimeToken = (
  derive: SecretDerivation,
  userId: string,
  purpose: OneTimeTokenPurpose,
  causeEventId: string,
): { token: string; tokenHash: string } => {
  const token = `${userId}.${derive(`${purpose}:${causeEventId}`)}`;
  return { token, tokenHash: hashToken(token) };
};

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const userIdOfToken = (token: string): string | undefined => {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match?.[1];
};
