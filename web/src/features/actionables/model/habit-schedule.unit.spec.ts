import { describe, expect, it } from 'vitest';
import { isOccurrence, scheduleInWords, type HabitRecurrence } from './habit-schedule.ts';

const daily: HabitRecurrence = { frequency: 'daily', days: [], dayOfMonth: null, everyNDays: null, timesPerWeek: null, weekStartsOn: null };
const monWedFri: HabitRecurrence = { frequency: 'weekly', days: [1, 3, 5], dayOfMonth: null, everyNDays: null, timesPerWeek: null, weekStartsOn: null };
const monthly = (dayOfMonth: number): HabitRecurrence => ({
  frequency: 'monthly',
  days: [],
  dayOfMonth,
  everyNDays: null,
  timesPerWeek: null,
  weekStartsOn: null,
});

// Wednesday 25 November 2026.
const today = '2026-11-25';

describe('schedule in words', () => {
  it('says daily, weekdays and a day of the month plainly', () => {
    expect(scheduleInWords(daily)).toBe('Every day');
    expect(scheduleInWords(monWedFri)).toBe('Mon, Wed, Fri');
    expect(scheduleInWords({ frequency: 'weekly', days: [6, 0], dayOfMonth: null, everyNDays: null, timesPerWeek: null, weekStartsOn: null })).toBe('Sun, Sat');
    expect(
      scheduleInWords({ frequency: 'weekly', days: [0, 1, 2, 3, 4, 5, 6], dayOfMonth: null, everyNDays: null, timesPerWeek: null, weekStartsOn: null }),
    ).toBe('Every day');
    expect(scheduleInWords(monthly(15))).toBe('Day 15 of each month');
    expect(scheduleInWords(monthly(31))).toBe('Day 31 of each month (its last day when shorter)');
  });

  it('says every N days and N times a week', () => {
    const every = (everyNDays: number): HabitRecurrence => ({ ...daily, frequency: 'everyNDays', everyNDays });
    const perWeek = (timesPerWeek: number): HabitRecurrence => ({ ...daily, frequency: 'timesPerWeek', timesPerWeek, weekStartsOn: 1 });
    expect(scheduleInWords(every(4))).toBe('Every 4 days');
    expect(scheduleInWords(every(1))).toBe('Every day');
    expect(scheduleInWords(perWeek(3))).toBe('3 times a week');
    expect(scheduleInWords(perWeek(1))).toBe('Once a week');
  });
});

describe('scheduled days (for the history grid)', () => {
  it('are every date, the chosen weekdays, or the day of the month clamped to its last day', () => {
    expect(isOccurrence(daily, today)).toBe(true);
    expect(isOccurrence(monWedFri, '2026-11-25')).toBe(true);
    expect(isOccurrence(monWedFri, '2026-11-26')).toBe(false);
    expect(isOccurrence(monthly(15), '2026-11-15')).toBe(true);
    expect(isOccurrence(monthly(15), '2026-11-14')).toBe(false);
    expect(isOccurrence(monthly(31), '2026-11-30')).toBe(true);
    expect(isOccurrence(monthly(31), '2026-02-28')).toBe(true);
    expect(isOccurrence(monthly(30), '2026-12-30')).toBe(true);
  });
});
