import { expect, it } from 'vitest';
import { localDateOf } from './local-date.ts';

it('gives the calendar date where the user is, not in UTC', () => {
  const instant = new Date('2026-03-08T03:30:00.000Z');
  expect(localDateOf(instant, 'America/New_York')).toBe('2026-03-07');
  expect(localDateOf(instant, 'Asia/Tokyo')).toBe('2026-03-08');
  expect(localDateOf(instant, 'UTC')).toBe('2026-03-08');
});
it('refuses an unknown zone rather than falling back', () => {
  expect(() => localDateOf(new Date(), 'Mars/Olympus')).toThrow('Invalid time zone');
});
