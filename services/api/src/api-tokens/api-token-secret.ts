import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A personal API token: `pt_<token id, 32 hex>_<43 base64url characters: 32 random bytes>`. The
 * prefix tells it from a session JWT (whose text never starts so) without trying both, and lets
 * secret scanners recognise a leaked one; the id finds its row by primary key, and the random part
 * is what makes it unguessable. Only the SHA-256 of the whole token is stored.
 */
export const API_TOKEN_PREFIX = 'pt_';

const SHAPE = /^pt_([0-9a-f]{32})_[A-Za-z0-9_-]{43}$/;

export const isApiToken = (bearer: string): boolean => bearer.startsWith(API_TOKEN_PREFIX);

const hexOfId = (id: string) => id.replace(/-/g, '');
const idOfHex = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

export const hashApiToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token for the row `id`, and the hash to keep. */
export const newApiToken = (id: string): { token: string; tokenHash: string } => {
  const token = `${API_TOKEN_PREFIX}${hexOfId(id)}_${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashApiToken(token) };
};

/** The row id a token names, or undefined for text of another shape. */
export const apiTokenIdOf = (token: string): string | undefined => {
  const match = SHAPE.exec(token);
  return match ? idOfHex(match[1]!) : undefined;
};

/** Whether `token` hashes to `storedHash`, compared in constant time. */
export const apiTokenMatches = (token: string, storedHash: string): boolean => {
  const stored = Buffer.from(storedHash, 'hex');
  const presented = createHash('sha256').update(token).digest();
  return stored.length === presented.length && timingSafeEqual(stored, presented);
};
