import { describe, expect, it } from 'vitest';
import { addDays } from '../../../lib/dates/local-date.ts';
import { dayOfWeek, daysInRange, defaultRange, rangeFrom, rangeProblem } from './date-range.ts';

describe('range arithmetic', () => {
  it('counts the days of a range, both ends included', () => {
    expect(daysInRange({ startDate: '2026-03-01', endDate: '2026-03-31' })).toBe(31);
    expect(daysInRange({ startDate: '2026-03-08', endDate: '2026-03-08' })).toBe(1);
  });

  it('counts the weekday from the first day of the week', () => {
    // 2026-11-23 is a Monday.
    expect(dayOfWeek('2026-11-23', 'sunday')).toBe(1);
    expect(dayOfWeek('2026-11-23', 'monday')).toBe(0);
    expect(dayOfWeek('2026-11-23', 'tuesday')).toBe(6);
  });
});

describe('the dashboard range', () => {
  it('defaults to the last 7 days up to today, both included (spec.md §9)', () => {
    expect(defaultRange('2026-11-23')).toEqual({ startDate: '2026-11-17', endDate: '2026-11-23' });
    expect(defaultRange('2026-03-02')).toEqual({ startDate: '2026-02-24', endDate: '2026-03-02' });
  });

  it("takes a valid range from the page's address, and the default for anything else", () => {
    expect(rangeFrom({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-23')).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    const fallback = { startDate: '2026-11-17', endDate: '2026-11-23' };
    expect(rangeFrom({ from: null, to: null }, '2026-11-23')).toEqual(fallback);
    expect(rangeFrom({ from: '2026-10-31', to: '2026-10-01' }, '2026-11-23')).toEqual(fallback);
    expect(rangeFrom({ from: '2026-02-30', to: '2026-03-01' }, '2026-11-23')).toEqual(fallback);
    expect(rangeFrom({ from: '2020-01-01', to: '2026-01-01' }, '2026-11-23')).toEqual(fallback);
  });

  it('says what is wrong with a range the server would refuse', () => {
    expect(rangeProblem({ startDate: '2026-11-01', endDate: '2026-11-30' })).toBeUndefined();
    expect(rangeProblem({ startDate: '', endDate: '2026-11-30' })).toBe('Choose a start date.');
    expect(rangeProblem({ startDate: '2026-11-30', endDate: '2026-11-01' })).toBe('The end date must not be before the start date.');
    expect(rangeProblem({ startDate: '2025-01-01', endDate: addDays('2025-01-01', 400) })).toBe('Choose at most 400 days.');
    expect(rangeProblem({ startDate: '2025-01-01', endDate: addDays('2025-01-01', 399) })).toBeUndefined();
  });
});
