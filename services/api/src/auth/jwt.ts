import { jwtVerify, SignJWT } from 'jose';
import { messages } from '@tracker/contracts/messages';
import { Unauthorized } from '@tracker/domain/common/errors';

const ISSUER = 'points-tracker';
const AUDIENCE = 'points-tracker-app';

export interface TokenService {
  sign(userId: string): Promise<string>;
  /** The user id the token was issued to; Unauthorized for anything forged, expired or malformed. */
  verify(token: string): Promise<string>;
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
      return payload.sub!;
    } catch {
      throw new Unauthorized(messages.invalidToken);
    }
  },
});
