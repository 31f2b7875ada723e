import { describe, expect, it } from 'vitest';
import { calendarDay, emailAddress, hasProblems, maxLength, newPassword, problemsOf, required, timeOfDay, wholeNumberIn } from './field-checks.ts';

describe('field checks', () => {
  it('required refuses blank text', () => {
    expect(required('  ')).toBe('is required');
    expect(required('Read')).toBeUndefined();
  });
  it('maxLength counts characters', () => {
    expect(maxLength('a'.repeat(5001), 5000)).toBe('must be at most 5,000 characters');
    expect(maxLength('a'.repeat(200), 200)).toBeUndefined();
  });
  it('wholeNumberIn takes whole numbers in the range only, as the contract words it', () => {
    expect(wholeNumberIn('11', 1, 10)).toBe('must be a whole number from 1 to 10');
    expect(wholeNumberIn('0', 1, 10)).toBe('must be a whole number from 1 to 10');
    expect(wholeNumberIn('2.5', 1, 10)).toBe('must be a whole number from 1 to 10');
    expect(wholeNumberIn('', 0, 1000)).toBe('must be a whole number from 0 to 1000');
    expect(wholeNumberIn('-1', 0, 1000)).toBe('must be a whole number from 0 to 1000');
    expect(wholeNumberIn('10', 1, 10)).toBeUndefined();
    expect(wholeNumberIn('0', 0, 1000)).toBeUndefined();
  });
  it('timeOfDay takes HH:mm from 00:00 to 23:59', () => {
    expect(timeOfDay('24:00')).toBe('must be a time of day from 00:00 to 23:59');
    expect(timeOfDay('8:30')).toBe('must be a time of day from 00:00 to 23:59');
    expect(timeOfDay('08:30')).toBeUndefined();
  });
  it('emailAddress needs an address', () => {
    expect(emailAddress('')).toBe('is required');
    expect(emailAddress('someone')).toBe('must be a valid email address');
    expect(emailAddress('someone@example')).toBe('must be a valid email address');
    expect(emailAddress(`${'a'.repeat(250)}@example.com`)).toBe('must be at most 254 characters');
    expect(emailAddress(' someone@example.com ')).toBeUndefined();
  });
  it("newPassword follows the server's rules and texts", () => {
    expect(newPassword('')).toBe('is required');
    expect(newPassword('short')).toBe('Password must be at least 8 characters long');
    expect(newPassword('ü'.repeat(37))).toBe('Password must be at most 72 bytes long (bcrypt uses only the first 72 bytes)');
    expect(newPassword('a good long password')).toBeUndefined();
  });
  it('calendarDay takes real days from 1900, not after the latest', () => {
    expect(calendarDay('2024-02-30')).toBe('must be a real date from 1900 to 9999');
    expect(calendarDay('1899-12-31')).toBe('must be a real date from 1900 to 9999');
    expect(calendarDay('2030-01-01', '2026-11-23')).toBe('must not be in the future');
    expect(calendarDay('2024-02-29', '2026-11-23')).toBeUndefined();
  });
  it('problemsOf keeps only the failed checks', () => {
    const problems = problemsOf({ title: required(''), weight: wholeNumberIn('3', 1, 10) });
    expect(problems).toEqual({ title: 'is required' });
    expect(hasProblems(problems)).toBe(true);
    expect(hasProblems(problemsOf({ weight: undefined }))).toBe(false);
  });
});
