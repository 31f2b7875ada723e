import { jwtVerify, SignJWT } from 'jose';
import { messages } from '@tracker/contracts/messages';
import { Unauthorized } from '@tracker/domain/common/errors';

const ISSUER = 'points-tracker';
const AUDIENCE = 'points-tracker-app';

export interface TokenService {
  sign(userId: string): Promise<string>;
  /** Whom the token was issued to and when (seconds); Unauthorized for anything forged, expired or malformed. */
  verify(token: string): Promise<{ userId: string; issuedAt: number }>;
}

export const createTokenService = (secret: Uint8Array, ttl: string): TokenService => ({
  sign: (userId) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(ttl)
      .sign(secret),
  async verify(token) {
    try {
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      return { userId: payload.sub!, issuedAt: payload.iat! };
    } catch {
      throw new Unauthorized(messages.invalidToken);
    }
  },
});
