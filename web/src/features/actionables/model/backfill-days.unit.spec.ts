import { describe, expect, it } from 'vitest';
import { backfillWindow, missedDayLabel, missedDays } from './backfill-days.ts';

// Thursday 26 November 2026.
const today = '2026-11-26';

describe('days that may be recorded afterwards', () => {
  it('are looked for in the 7 days before today', () => {
    expect(backfillWindow(today)).toEqual({ startDate: '2026-11-19', endDate: '2026-11-25' });
  });

  it('are the missed ones of that window, the latest first', () => {
    const history = [
      { date: '2026-11-18', state: 'missed' },
      { date: '2026-11-19', state: 'missed' },
      { date: '2026-11-20', state: 'done' },
      { date: '2026-11-21', state: 'notDue' },
      { date: '2026-11-22', state: 'frozen' },
      { date: '2026-11-23', state: 'backfilled' },
      { date: '2026-11-24', state: 'missed' },
      { date: '2026-11-25', state: 'missed' },
      { date: '2026-11-26', state: 'due' },
    ] as const;
    expect(missedDays(history, today)).toEqual(['2026-11-25', '2026-11-24', '2026-11-19']);
    expect(missedDays([], today)).toEqual([]);
  });

  it('name yesterday as such', () => {
    expect(missedDayLabel('2026-11-25', today)).toBe('Yesterday, Wed, Nov 25');
    expect(missedDayLabel('2026-11-24', today)).toBe('Tue, Nov 24');
  });
});
