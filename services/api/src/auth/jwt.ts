import { createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { id } from '@tracker/contracts/common/fields';
import { messages } from '@tracker/contracts/messages';
import { Unauthorized } from '@tracker/domain/common/errors';

const ISSUER = 'points-tracker';
const AUDIENCE = 'points-tracker-app';
/** Clocks drift a little between replicas; a token issued further ahead than this was not issued by us. */
const MAX_CLOCK_SKEW_SECONDS = 60;

/**
 * Tokens already verified, kept with their expiry: every request of a session carries the same token,
 * and jose's HMAC check (through WebCrypto, with the key converted on every call) was 6% of a
 * command's CPU. Only a token that passed every check is kept, under its exact text; a hit is checked
 * against the clock again. Beyond this many, the memory starts over.
 */
const MAX_VERIFIED = 10_000;

/** Private claim: the password change the session was issued under, in ms since the epoch (0: none yet). */
const PASSWORD_CHANGED_CLAIM = 'pwc';

export interface Session {
  userId: string;
  /** Second of issue (`iat`). */
  issuedAt: number;
  /**
   * The password change (ms since the epoch, 0 for none) the session was issued under: a later
   * change ends it. Undefined for tokens signed before the claim existed.
   */
  passwordChangedAt: number | undefined;
}

export interface TokenService {
  /** A session for the user, issued under the password change at `passwordChangedAt` (null: never changed). */
  sign(userId: string, passwordChangedAt: string | null): Promise<string>;
  /** The session a token names; Unauthorized for anything forged, expired or malformed. */
  verify(token: string): Promise<Session>;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800, y: 31_557_600 };

/** A lifetime such as '7d', '12h', '30m', '90s' or '2w', in seconds. */
export const lifetimeSeconds = (ttl: string): number => {
  const match = /^(\d+)\s*(s|m|h|d|w|y)$/i.exec(ttl.trim());
  if (!match) throw new Error(`JWT_TTL must be a number and a unit (s, m, h, d, w or y), e.g. '7d'; got '${ttl}'`);
  return Number(match[1]) * UNIT_SECONDS[match[2]!.toLowerCase()]!;
};

export const createTokenService = (secretBytes: Uint8Array, ttl: string, now: () => Date = () => new Date()): TokenService => {
  // Imported once: given raw bytes, jose imports the key again on every sign and verify.
  const secret = createSecretKey(secretBytes);
  const lifetime = lifetimeSeconds(ttl);
  const verified = new Map<string, { session: Session; expiresAt: number }>();
  return {
    sign: (userId, passwordChangedAt) => {
      // Both from the service's clock: given a relative expiry, jose would read the system clock.
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ [PASSWORD_CHANGED_CLAIM]: passwordChangedAt === null ? 0 : Date.parse(passwordChangedAt) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetime)
        .sign(secret);
    },
    async verify(token) {
      const currentDate = now();
      const known = verified.get(token);
      if (known) {
        // As jose and the checks below would answer now: expired from its exp second on, refused while its iat lies ahead.
        const second = Math.floor(currentDate.getTime() / 1000);
        if (second < known.expiresAt && known.session.issuedAt <= currentDate.getTime() / 1000 + MAX_CLOCK_SKEW_SECONDS) return known.session;
        verified.delete(token);
      }
      const claims = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate,
      }).then(
        ({ payload }) => payload,
        () => undefined,
      );
      // An iat from the future would outlive a password change made before it; a sub that is not one
      // of our ids names no user.
      if (
        !claims ||
        typeof claims.iat !== 'number' ||
        claims.iat > currentDate.getTime() / 1000 + MAX_CLOCK_SKEW_SECONDS ||
        !id.safeParse(claims.sub).success
      ) {
        throw new Unauthorized(messages.invalidToken);
      }
      const passwordChangedAt = claims[PASSWORD_CHANGED_CLAIM];
      if (passwordChangedAt !== undefined && !(Number.isSafeInteger(passwordChangedAt) && (passwordChangedAt as number) >= 0)) {
        throw new Unauthorized(messages.invalidToken);
      }
      const session: Session = { userId: claims.sub!, issuedAt: claims.iat, passwordChangedAt: passwordChangedAt as number | undefined };
      if (typeof claims.exp === 'number' && claims.nbf === undefined) {
        if (verified.size >= MAX_VERIFIED) verified.clear();
        verified.set(token, { session, expiresAt: claims.exp });
      }
      return session;
    },
  };
};
