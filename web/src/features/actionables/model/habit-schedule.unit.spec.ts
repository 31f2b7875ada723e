import { describe, expect, it } from 'vitest';
import { habitHistory, isDoneForCurrentPeriod, latestOccurrenceOnOrBefore, periodState, scheduleInWords, type HabitRecurrence } from './habit-schedule.ts';

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

const zone = 'UTC';
// Wednesday 25 November 2026.
const today = '2026-11-25';
const habit = (recurrence: HabitRecurrence, streak: number, lastCompletedAt: string | null, createdAt = '2026-09-01T08:00:00.000Z') => ({
  recurrence,
  streak,
  lastCompletedAt,
  createdAt,
});

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
});

describe('occurrences (as the server credits them)', () => {
  it('credits a completion to the latest occurrence on or before its date', () => {
    expect(latestOccurrenceOnOrBefore(daily, today)).toBe(today);
    expect(latestOccurrenceOnOrBefore(monWedFri, '2026-11-24')).toBe('2026-11-23');
    expect(latestOccurrenceOnOrBefore(monWedFri, '2026-11-22')).toBe('2026-11-20');
    expect(latestOccurrenceOnOrBefore(monthly(15), '2026-11-14')).toBe('2026-10-15');
    // Clamped to the month's last day.
    expect(latestOccurrenceOnOrBefore(monthly(31), '2026-11-30')).toBe('2026-11-30');
    expect(latestOccurrenceOnOrBefore(monthly(31), '2026-03-01')).toBe('2026-02-28');
    expect(latestOccurrenceOnOrBefore(monthly(30), '2027-01-05')).toBe('2026-12-30');
  });

  it('knows whether the current period is done', () => {
    expect(isDoneForCurrentPeriod(habit(daily, 1, '2026-11-25T07:00:00.000Z'), today, zone)).toBe(true);
    expect(isDoneForCurrentPeriod(habit(daily, 1, '2026-11-24T07:00:00.000Z'), today, zone)).toBe(false);
    // Tuesday counts for Monday's period: on Tuesday that period is done.
    expect(isDoneForCurrentPeriod(habit(monWedFri, 1, '2026-11-24T07:00:00.000Z'), '2026-11-24', zone)).toBe(true);
    expect(isDoneForCurrentPeriod(habit(monWedFri, 1, '2026-11-24T07:00:00.000Z'), today, zone)).toBe(false);
    // A completion late in the evening in New York is on the 24th there, the 25th in UTC.
    expect(isDoneForCurrentPeriod(habit(daily, 1, '2026-11-25T03:00:00.000Z'), '2026-11-24', 'America/New_York')).toBe(true);
    expect(isDoneForCurrentPeriod(habit(daily, 0, null), today, zone)).toBe(false);
  });
});

describe('history strip', () => {
  const statesOf = (days: ReturnType<typeof habitHistory>) => Object.fromEntries(days.map((day) => [day.date, day.state]));

  it('covers whole weeks, Sunday first, ending with this week', () => {
    const days = habitHistory(habit(daily, 0, null), today, zone, 5);
    expect(days).toHaveLength(35);
    expect(days[0]?.date).toBe('2026-10-25');
    expect(days.at(-1)?.date).toBe('2026-11-28');
  });

  it('marks the streak’s run done, the day before it missed, earlier days unknown, later days future', () => {
    const states = statesOf(habitHistory(habit(daily, 3, '2026-11-25T07:00:00.000Z'), today, zone, 5));
    expect([states['2026-11-23'], states['2026-11-24'], states['2026-11-25']]).toEqual(['done', 'done', 'done']);
    expect(states['2026-11-22']).toBe('missed');
    expect(states['2026-11-21']).toBe('unknown');
    expect(states['2026-11-26']).toBe('future');
  });

  it('shows today open and the scheduled days since the last completion missed', () => {
    // Streak read back as 0: a Wednesday and a Friday passed without a completion after Monday 16th.
    const states = statesOf(habitHistory(habit(monWedFri, 0, '2026-11-16T09:00:00.000Z'), today, zone, 2));
    expect(states['2026-11-16']).toBe('done');
    expect([states['2026-11-18'], states['2026-11-20'], states['2026-11-23']]).toEqual(['missed', 'missed', 'missed']);
    expect(states['2026-11-25']).toBe('due');
    expect(states['2026-11-17']).toBe('off');
    expect(states['2026-11-15']).toBe('off');
  });

  it('never claims a miss before the habit existed', () => {
    const states = statesOf(habitHistory(habit(daily, 0, null, '2026-11-24T10:00:00.000Z'), today, zone, 1));
    expect(states['2026-11-23']).toBe('unknown');
    expect(states['2026-11-24']).toBe('missed');
    expect(states['2026-11-25']).toBe('due');
  });

  it('keeps a run that reaches back past the strip all done, with nothing guessed before it', () => {
    const days = habitHistory(habit(daily, 60, '2026-11-25T07:00:00.000Z'), today, zone, 2);
    expect(days.filter((day) => day.date <= today).every((day) => day.state === 'done')).toBe(true);
  });
});

describe('the current period, in words', () => {
  it('says done or due today on a scheduled day, and names the open period otherwise', () => {
    expect(periodState(habit(daily, 1, '2026-11-25T07:00:00.000Z'), today, zone)).toEqual({ done: true, text: 'Done today' });
    expect(periodState(habit(daily, 1, '2026-11-24T07:00:00.000Z'), today, zone)).toEqual({ done: false, text: 'Due today' });
    // Tuesday 24th: Monday's period is the current one.
    const tuesday = periodState(habit(monWedFri, 0, null), '2026-11-24', zone);
    expect(tuesday.done).toBe(false);
    expect(tuesday.text).toMatch(/^Open since Mon.*23/);
    const doneMonday = periodState(habit(monWedFri, 1, '2026-11-23T18:00:00.000Z'), '2026-11-24', zone);
    expect(doneMonday.done).toBe(true);
    expect(doneMonday.text).toMatch(/^Done for Mon.*23/);
  });
});
