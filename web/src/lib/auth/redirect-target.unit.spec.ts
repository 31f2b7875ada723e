import { describe, expect, it } from 'vitest';
import { loginPathFor, redirectTarget } from './redirect-target.ts';

describe('redirectTarget (spec.md §2)', () => {
  it('after login goes to the redirect query parameter when it is a string, else to /dashboard', () => {
    expect(redirectTarget('/profile?tab=1')).toBe('/profile?tab=1');
    expect(redirectTarget(null)).toBe('/dashboard');
  });
  it('refuses other origins', () => {
    expect(redirectTarget('https://evil.example')).toBe('/dashboard');
    expect(redirectTarget('//evil.example')).toBe('/dashboard');
    expect(redirectTarget('/\\evil.example')).toBe('/dashboard');
  });
});

describe('loginPathFor', () => {
  it('keeps slashes readable and escapes the rest', () => {
    expect(loginPathFor('/dashboard')).toBe('/login?redirect=/dashboard');
    expect(loginPathFor('/goals?status=a&b=c')).toBe('/login?redirect=/goals%3Fstatus%3Da%26b%3Dc');
  });
});
