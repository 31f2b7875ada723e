import { describe, expect, it } from 'vitest';
import type { Actionable } from '@tracker/contracts/actionables/http';
import { addDays } from '../../../lib/dates/local-date.ts';
import {
  bestStreak,
  completionRate,
  dayStates,
  dayWords,
  isScheduledOn,
  percent,
  periodsOf,
  recentCompletions,
  recentWeeks,
  weekColumns,
  type HabitDay,
  type HistoryState,
} from './habit-record.ts';

type Recurrence = Actionable['recurrence'];
const recurrence = (fields: Partial<Recurrence>): Recurrence => ({
  frequency: 'daily',
  days: [],
  dayOfMonth: null,
  everyNDays: null,
  timesPerWeek: null,
  weekStartsOn: null,
  ...fields,
});
const daily = recurrence({});

// Wednesday 25 November 2026.
const today = '2026-11-25';

/** Days ending today, one letter each: d done, b backfilled, m missed, f frozen, o due (open), - notDue. */
const history = (letters: string, end = today): HabitDay[] => {
  const states: Record<string, HistoryState> = { d: 'done', b: 'backfilled', m: 'missed', f: 'frozen', o: 'due', '-': 'notDue' };
  return [...letters].map((letter, index) => ({ date: addDays(end, index - letters.length + 1), state: states[letter]! }));
};

describe('best streak from the history', () => {
  it('is the longest run of credited days, a missed day ending a run', () => {
    expect(bestStreak(periodsOf(history('ddmdddmdd'), daily))).toBe(3);
  });

  it('skips frozen days and the days not scheduled: they neither break nor extend a run', () => {
    expect(bestStreak(periodsOf(history('dd-ffdd-d'), daily))).toBe(5);
  });

  it('counts a backfilled day like one done on the day, and today’s open day does not break the run', () => {
    expect(bestStreak(periodsOf(history('ddbdo'), daily))).toBe(4);
  });

  it('is 0 when nothing was credited', () => {
    expect(bestStreak(periodsOf(history('mm-mo'), daily))).toBe(0);
    expect(bestStreak([])).toBe(0);
  });

  it('counts weeks met for N times a week (weeks from the habit’s own week start)', () => {
    const twice = recurrence({ frequency: 'timesPerWeek', timesPerWeek: 2, weekStartsOn: 1 });
    // Mon 2 Nov … Wed 25 Nov: weeks of 2 Nov (met), 9 Nov (met), 16 Nov (short: missed days), 23 Nov (open).
    const days = history('d-d----' + 'dd-----' + 'd-mmmmm' + '-do', '2026-11-25');
    const periods = periodsOf(days, twice);
    expect(periods.map((period) => [period.start, period.state])).toEqual([
      ['2026-11-02', 'met'],
      ['2026-11-09', 'met'],
      ['2026-11-16', 'missed'],
      ['2026-11-23', 'open'],
    ]);
    expect(bestStreak(periods)).toBe(2);
  });
});

describe('completion rate', () => {
  it('is done and backfilled over the days due in the window, frozen ones and today’s open one left out', () => {
    const periods = periodsOf(history('mmm' + 'dbmff-do'), daily);
    // The last 8 days: d b m f f - d o → 3 credited of 4 due (the open today is not counted), 2 frozen.
    expect(completionRate(periods, today, 8)).toEqual({ days: 8, credited: 3, due: 4, frozen: 2, rate: 0.75 });
  });

  it('has no rate when nothing was due', () => {
    expect(completionRate(periodsOf(history('--ffo'), daily), today, 30)).toEqual({ days: 30, credited: 0, due: 0, frozen: 2, rate: null });
  });

  it('counts a week’s quota as due and at most its quota as credited for N times a week', () => {
    const twice = recurrence({ frequency: 'timesPerWeek', timesPerWeek: 2, weekStartsOn: 1 });
    const periods = periodsOf(history('ddd----' + 'd-mmmmm' + '-do', '2026-11-25'), twice);
    // Weeks of 9 Nov (3 done, counts 2 of 2) and 16 Nov (1 of 2); 23 Nov still open.
    expect(completionRate(periods, today, 30)).toMatchObject({ credited: 3, due: 4, rate: 0.75 });
  });

  it('reads as whole percents, 100% only when all were done', () => {
    expect(percent(0.996)).toBe('99%');
    expect(percent(1)).toBe('100%');
    expect(percent(2 / 3)).toBe('67%');
    expect(percent(null)).toBe('—');
  });
});

describe('the days a grid shows', () => {
  it('lays out the card’s weeks from the user’s week start, the last one holding today', () => {
    const weeks = recentWeeks(today, 1, 5);
    expect(weeks).toHaveLength(5);
    expect(weeks[4]![0]).toBe('2026-11-23');
    expect(weeks[4]).toContain(today);
    expect(weeks[0]![0]).toBe('2026-10-26');
    expect(recentWeeks(today, 0, 1)[0]![0]).toBe('2026-11-22');
  });

  it('lays out the year in week columns, empty places before the first day and after the last', () => {
    const columns = weekColumns('2026-11-04', '2026-11-17', 0);
    expect(columns).toHaveLength(3);
    expect(columns[0]).toEqual([null, null, null, '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07']);
    expect(columns[2]).toEqual(['2026-11-15', '2026-11-16', '2026-11-17', null, null, null, null]);
  });

  it('takes the server’s state up to today, and after today the freezes planned on scheduled days', () => {
    const habit = { recurrence: recurrence({ frequency: 'weekly', days: [1, 3, 5] }), startDate: '2026-11-01' };
    const dates = ['2026-11-24', today, '2026-11-26', '2026-11-27', '2026-11-30'];
    const states = dayStates(dates, [{ date: today, state: 'done' }], today, habit, [{ habitId: null, from: '2026-11-26', to: '2026-11-27' }]);
    expect(Object.fromEntries(states)).toEqual({
      // The answer did not hold the 24th: no state rather than a guess.
      [today]: 'done',
      // Thursday is not one of its days; Friday is, and frozen; Monday the 30th is after the freeze.
      '2026-11-26': 'upcoming',
      '2026-11-27': 'frozenAhead',
      '2026-11-30': 'upcoming',
    });
  });

  it('knows every N days from the start, and nothing before the start', () => {
    const everyThird = { recurrence: recurrence({ frequency: 'everyNDays', everyNDays: 3 }), startDate: '2026-11-20' };
    expect(['2026-11-17', '2026-11-20', '2026-11-21', '2026-11-23'].map((date) => isScheduledOn(everyThird, date))).toEqual([false, true, false, true]);
  });

  it('names a day before the habit’s start as such, not as unscheduled', () => {
    expect(dayWords('notDue', '2026-11-10', '2026-11-15')).toBe('before the habit started');
    expect(dayWords('notDue', '2026-11-16', '2026-11-15')).toBe('not scheduled');
    expect(dayWords('missed', '2026-11-16', '2026-11-15')).toBe('missed');
  });
});

describe('recent completions', () => {
  it('lists the credited days newest first', () => {
    expect(recentCompletions(history('dbmd-o'), 2)).toEqual([
      { date: '2026-11-23', state: 'done' },
      { date: '2026-11-21', state: 'backfilled' },
    ]);
  });
});
