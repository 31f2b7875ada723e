import { describe, expect, it } from 'vitest';
import { loginPathFor, redirectTarget } from './redirect-target.ts';

describe('redirectTarget', () => {
  it('follows a redirect path', () => expect(redirectTarget('/profile?tab=1')).toBe('/profile?tab=1'));
  it('defaults to /dashboard', () => expect(redirectTarget(null)).toBe('/dashboard'));
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
