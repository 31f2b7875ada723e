import { expect, it } from 'vitest';
import { INSTANT_MAX, INSTANT_MIN } from '@tracker/contracts/common/fields';
import { addDays, datesFrom, daysBetween, isLaterDate, localDateOf } from './local-date.ts';

it('gives the calendar date where the user is, not in UTC', () => {
  const instant = new Date('2026-03-08T03:30:00.000Z');
  expect(localDateOf(instant, 'America/New_York')).toBe('2026-03-07');
  expect(localDateOf(instant, 'Asia/Tokyo')).toBe('2026-03-08');
  expect(localDateOf(instant, 'UTC')).toBe('2026-03-08');
});
it('refuses an unknown zone rather than falling back', () => {
  expect(() => localDateOf(new Date(), 'Mars/Olympus')).toThrow('Invalid time zone');
});
it('clamps an instant whose local date leaves 1900–9999 to the calendar’s end, never an expanded year', () => {
  // Deadlines stored before the contracts bounded instants: 10000-01-01 in +14, 1899-12-31 in −12.
  expect(localDateOf(new Date('9999-12-31T23:59:59.000Z'), 'Pacific/Kiritimati')).toBe('9999-12-31');
  expect(localDateOf(new Date('1900-01-01T00:00:00.000Z'), 'Etc/GMT+12')).toBe('1900-01-01');
  // The bounds contracts accept are inside in every zone without clamping.
  expect(localDateOf(new Date(INSTANT_MAX), 'Pacific/Kiritimati')).toBe('9999-12-31');
  expect(localDateOf(new Date(INSTANT_MIN), 'Etc/GMT+12')).toBe('1900-01-01');
  expect(localDateOf(new Date(INSTANT_MIN), 'Etc/GMT-14')).toBe('1900-01-02');
});
it('compares local dates as dates, refusing any other width', () => {
  expect(isLaterDate('2026-03-02', '2026-03-01')).toBe(true);
  expect(isLaterDate('2026-03-01', '9999-12-31')).toBe(false);
  expect(() => isLaterDate('2026-03-01', '+010000-01-01')).toThrow('Not a YYYY-MM-DD local date: +010000-01-01');
});

it('adds days and counts them across months, years and leap days', () => {
  expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  expect(addDays('1900-01-01', -1)).toBe('1899-12-31');
  expect(daysBetween('2024-02-01', '2024-03-01')).toBe(29);
  expect(daysBetween('2026-03-02', '2026-03-01')).toBe(-1);
  expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
  expect(() => addDays('2026-3-1', 1)).toThrow('Not a calendar date');
});

it('lists the dates of a range across month ends, leap days and the turn of a year, both ends included', () => {
  expect(datesFrom('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  expect(datesFrom('1900-02-28', '1900-03-01')).toEqual(['1900-02-28', '1900-03-01']);
  expect(datesFrom('2000-02-28', '2000-03-01')).toEqual(['2000-02-28', '2000-02-29', '2000-03-01']);
  expect(datesFrom('2025-12-30', '2026-01-02')).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
  expect(datesFrom('2026-04-30', '2026-04-30')).toEqual(['2026-04-30']);
  expect(datesFrom('2026-05-01', '2026-04-30')).toEqual([]);
});
it('lists the same dates as adding days one by one, over three years from every month', () => {
  for (let month = 0; month < 36; month++) {
    const from = addDays('2023-01-01', Math.round(month * 30.44));
    const to = addDays(from, 1100);
    expect(datesFrom(from, to)).toEqual(Array.from({ length: 1101 }, (_, n) => addDays(from, n)));
  }
});
