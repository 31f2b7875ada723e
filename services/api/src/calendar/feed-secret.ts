import { createHash } from 'node:crypto';
import type { SecretDerivation } from '../auth/one-time-tokens.ts';

/*
 * A feed's secret: HMAC-SHA256 under the server secret of the feed's id (base64url, 43 characters,
 * 256 bits), so the URL can be shown again without being stored anywhere; the log and the read
 * model hold only its SHA-256, by which a request's secret is looked up. A rotation makes a new feed
 * id, hence a new secret; a new server secret would change every feed's URL (as it ends every
 * session).
 */

const SECRET = /^[A-Za-z0-9_-]{43}$/;
/** The URL's last segment: the secret, then `.ics` (calendar apps like to see it). */
const SEGMENT = /^([A-Za-z0-9_-]{43})\.ics$/;

export const hashFeedSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const feedSecretOf = (derive: SecretDerivation, feedId: string): { secret: string; secretHash: string } => {
  const secret = derive(`calendar-feed:${feedId}`);
  return { secret, secretHash: hashFeedSecret(secret) };
};

/** The feed's URL, to paste into a calendar app. */
export const feedUrlOf = (appUrl: string, secret: string): string => `${appUrl}/api/calendar/feed/${secret}.ics`;

/** The secret a request's path segment carries (`<secret>.ics`, or the bare secret), or undefined for anything else. */
export const secretOfSegment = (segment: string): string | undefined => SEGMENT.exec(segment)?.[1] ?? (SECRET.test(segment) ? segment : undefined);

/** The segment as a log line may show it: enough to tell feeds apart, never enough to open one. */
export const loggedSegment = (segment: string): string => `${segment.slice(0, 4)}…`;
