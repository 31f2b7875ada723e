import { describe, expect, it } from 'vitest';
import { forgotPasswordProblems, loginProblems, registerProblems } from './auth-checks.ts';

describe('auth form checks', () => {
  it('login asks for an address and a password', () => {
    expect(loginProblems({ email: '', password: '' })).toEqual({ email: 'is required', password: 'is required' });
    expect(loginProblems({ email: 'me', password: 'x' })).toEqual({ email: 'must be a valid email address' });
  });
  it('login does not apply the new-password rules to a password already chosen', () =>
    expect(loginProblems({ email: 'me@example.com', password: 'short' })).toEqual({}));
  it('register applies the contract’s name, address and password rules, with the server’s texts', () => {
    expect(registerProblems({ name: ' ', email: 'me@', password: 'short' })).toEqual({
      name: 'is required',
      email: 'must be a valid email address',
      password: 'Password must be at least 8 characters long',
    });
    expect(registerProblems({ name: 'n'.repeat(101), email: 'me@example.com', password: 'a good long password' })).toEqual({
      name: 'must be at most 100 characters',
    });
    expect(registerProblems({ name: 'Ada', email: 'ada@example.com', password: 'a good long password' })).toEqual({});
  });
  it('a reset link needs an address', () => {
    expect(forgotPasswordProblems('')).toEqual({ email: 'is required' });
    expect(forgotPasswordProblems('ada@example.com')).toEqual({});
  });
});
