import { describe, expect, it } from 'vitest';
import { derivedOneTimeToken, hashToken, secretDerivation, userIdOfToken } from './one-time-tokens.ts';

const userId = '3f2c1a9e-8b7d-4c6e-9f01-23456789abcd';
const cause = '0b8e7c6d-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const derive = secretDerivation(new TextEncoder().encode('a-server-secret-of-at-least-32-bytes!!'));

describe('derived one-time tokens', () => {
  it('names the user and carries 256 bits, in the form the reset and verify commands accept', () => {
    const { token, tokenHash } = derivedOneTimeToken(derive, userId, 'reset', cause);
    expect(token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(userIdOfToken(token)).toBe(userId);
    expect(tokenHash).toBe(hashToken(token));
  });

  it('is the same on a repeat of the same cause, so a re-sent mail carries a token the log knows', () => {
    expect(derivedOneTimeToken(derive, userId, 'verify', cause)).toEqual(derivedOneTimeToken(derive, userId, 'verify', cause));
  });

  it('differs by purpose, by cause and by secret', () => {
    const base = derivedOneTimeToken(derive, userId, 'verify', cause).token;
    const other = secretDerivation(new TextEncoder().encode('another-server-secret-of-32-bytes!!!!'));
    for (const token of [
      derivedOneTimeToken(derive, userId, 'reset', cause).token,
      derivedOneTimeToken(derive, userId, 'verify', '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a').token,
      derivedOneTimeToken(other, userId, 'verify', cause).token,
    ])
      expect(token).not.toBe(base);
  });
});
