import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { Unauthorized } from '@tracker/domain/common/errors';
import { createTokenService, lifetimeSeconds } from './jwt.ts';

const secret = new TextEncoder().encode('unit-test-secret-0123456789-abcdefghijklmnop');
const now = new Date('2026-03-01T12:00:00Z');
const tokens = createTokenService(secret, '7d', () => now);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

const forge = (claims: { sub?: string; iat?: number; exp?: number; pwc?: unknown }) => {
  let jwt = new SignJWT(claims.pwc === undefined ? {} : { pwc: claims.pwc })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('points-tracker')
    .setAudience('points-tracker-app');
  if (claims.sub !== undefined) jwt = jwt.setSubject(claims.sub);
  if (claims.iat !== undefined) jwt = jwt.setIssuedAt(claims.iat);
  return jwt.setExpirationTime(claims.exp ?? seconds(now) + 3600).sign(secret);
};

describe('tokens', () => {
  it('verify what they signed: the user, the second it was issued, the password change it was issued under (ms)', async () => {
    const userId = randomUUID();
    expect(await tokens.verify(await tokens.sign(userId, null))).toEqual({ userId, issuedAt: seconds(now), passwordChangedAt: 0 });
    const changedAt = '2026-03-01T11:59:59.123Z';
    expect(await tokens.verify(await tokens.sign(userId, changedAt))).toEqual({ userId, issuedAt: seconds(now), passwordChangedAt: Date.parse(changedAt) });
  });

  it('verify tokens signed before the password-change claim existed, and refuse a claim that is no instant', async () => {
    const userId = randomUUID();
    expect(await tokens.verify(await forge({ sub: userId, iat: seconds(now) }))).toEqual({ userId, issuedAt: seconds(now), passwordChangedAt: undefined });
    for (const pwc of ['1700000000000', -1, 1.5, null, Number.MAX_VALUE]) {
      await expect(tokens.verify(await forge({ sub: userId, iat: seconds(now), pwc }))).rejects.toBeInstanceOf(Unauthorized);
    }
  });

  it('expire a lifetime after they were issued by the service clock, not the system clock', async () => {
    let at = new Date(Date.now() + 30 * 86_400_000);
    const tokens = createTokenService(new TextEncoder().encode('a-secret-that-is-long-enough-0123456789abcdef'), '7d', () => at);
    const token = await tokens.sign(randomUUID(), null);
    at = new Date(at.getTime() + 7 * 86_400_000 - 5_000);
    await expect(tokens.verify(token)).resolves.toBeDefined();
    at = new Date(at.getTime() + 10_000);
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(Unauthorized);
  });

  it('answer a token verified before as they would the first time: refused once the clock moved back before its issue', async () => {
    let at = new Date('2026-05-01T12:00:00Z');
    const tokens = createTokenService(new TextEncoder().encode('a-secret-that-is-long-enough-0123456789abcdef'), '7d', () => at);
    const token = await tokens.sign(randomUUID(), null);
    await expect(tokens.verify(token)).resolves.toBeDefined();
    at = new Date(at.getTime() - 61_000);
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(Unauthorized);
    at = new Date(at.getTime() + 61_000);
    await expect(tokens.verify(token)).resolves.toBeDefined();
  });

  it('read lifetimes as a number and a unit, and refuse anything else', () => {
    expect(lifetimeSeconds('7d')).toBe(604_800);
    expect(lifetimeSeconds('12h')).toBe(43_200);
    expect(lifetimeSeconds('90 s')).toBe(90);
    expect(() => lifetimeSeconds('forever')).toThrow(/JWT_TTL/);
  });

  it('accept an iat a little ahead (clock skew between replicas)', async () => {
    const userId = randomUUID();
    expect((await tokens.verify(await forge({ sub: userId, iat: seconds(now) + 30 }))).userId).toBe(userId);
  });

  it('refuse an iat more than a minute in the future: it would outlive a password change', async () => {
    await expect(tokens.verify(await forge({ sub: randomUUID(), iat: seconds(now) + 61 }))).rejects.toBeInstanceOf(Unauthorized);
    await expect(tokens.verify(await forge({ sub: randomUUID(), iat: seconds(now) + 86_400 * 365 }))).rejects.toBeInstanceOf(Unauthorized);
  });

  it('refuse a subject that is not a user id', async () => {
    for (const sub of ['admin', '', '../../etc', 'x'.repeat(5000), '00000000-0000-0000-0000-00000000000g']) {
      await expect(tokens.verify(await forge({ sub, iat: seconds(now) }))).rejects.toBeInstanceOf(Unauthorized);
    }
  });

  it('refuse tokens without iat or sub, expired, or signed with another secret', async () => {
    await expect(tokens.verify(await forge({ sub: randomUUID() }))).rejects.toBeInstanceOf(Unauthorized);
    await expect(tokens.verify(await forge({ iat: seconds(now) }))).rejects.toBeInstanceOf(Unauthorized);
    await expect(tokens.verify(await forge({ sub: randomUUID(), iat: seconds(now) - 7200, exp: seconds(now) - 10 }))).rejects.toBeInstanceOf(Unauthorized);
    const other = createTokenService(new TextEncoder().encode('another-secret-0123456789-abcdefghijklmnopq'), '7d', () => now);
    await expect(tokens.verify(await other.sign(randomUUID(), null))).rejects.toBeInstanceOf(Unauthorized);
  });
});
