import { createHash, randomBytes } from 'node:crypto';

/**
 * Reset and verification tokens: `<userId>.<256 random bits>`. The user id lets the command find
 * the stream without a read model; only the SHA-256 of the whole token is ever stored.
 */
export const issueOneTimeToken = (userId: string): { token: string; tokenHash: string } => {
  const token = `${userId}.${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashToken(token) };
};

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const userIdOfToken = (token: string): string | undefined => {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match?.[1];
};
