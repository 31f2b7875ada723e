import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiTokenIdOf, apiTokenMatches, hashApiToken, isApiToken, newApiToken } from './api-token-secret.ts';

describe('personal API tokens', () => {
  it('carry the pt_ prefix and the id of their row, and match only their own hash', () => {
    const id = randomUUID();
    const { token, tokenHash } = newApiToken(id);
    expect(token).toMatch(/^pt_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    expect(isApiToken(token)).toBe(true);
    expect(apiTokenIdOf(token)).toBe(id);
    expect(tokenHash).toBe(hashApiToken(token));
    expect(tokenHash).not.toContain(token.slice(-43));
    expect(apiTokenMatches(token, tokenHash)).toBe(true);
    const other = newApiToken(id);
    expect(other.token).not.toBe(token);
    expect(apiTokenMatches(other.token, tokenHash)).toBe(false);
  });

  it('refuse text of another shape: no id is read from it', () => {
    const { token } = newApiToken(randomUUID());
    for (const bad of [
      '',
      'pt_',
      `${token}x`,
      token.slice(0, -1),
      token.toUpperCase(),
      token.replace('pt_', 'pk_'),
      `pt_${'g'.repeat(32)}_${'a'.repeat(43)}`,
      `${token}\u0000`,
    ])
      expect(apiTokenIdOf(bad), bad).toBeUndefined();
    expect(isApiToken('eyJhbGciOiJIUzI1NiJ9.e30.x')).toBe(false);
  });

  it('compare against a stored hash of any length without throwing', () => {
    const { token } = newApiToken(randomUUID());
    expect(apiTokenMatches(token, '')).toBe(false);
    expect(apiTokenMatches(token, 'zz')).toBe(false);
  });
});
