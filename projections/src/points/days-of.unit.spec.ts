import { describe, expect, it } from 'vitest';
import { addDays } from '@tracker/domain/time/local-date';
import { daysOf } from './points.queries.ts';

describe('every day of a range', () => {
  it('counts on across month ends, leap days and the turn of a year, both ends included', () => {
    expect(daysOf({ startDate: '2024-02-28', endDate: '2024-03-01' })).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(daysOf({ startDate: '1900-02-28', endDate: '1900-03-01' })).toEqual(['1900-02-28', '1900-03-01']);
    expect(daysOf({ startDate: '2000-02-28', endDate: '2000-03-01' })).toEqual(['2000-02-28', '2000-02-29', '2000-03-01']);
    expect(daysOf({ startDate: '2025-12-30', endDate: '2026-01-02' })).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(daysOf({ startDate: '2026-04-30', endDate: '2026-04-30' })).toEqual(['2026-04-30']);
    expect(daysOf({ startDate: '2026-05-01', endDate: '2026-04-30' })).toEqual([]);
  });

  it('agrees with adding days one by one over three years from every first day of a month', () => {
    for (let month = 0; month < 36; month++) {
      const startDate = addDays('2023-01-01', Math.round(month * 30.44));
      const endDate = addDays(startDate, 1100);
      expect(daysOf({ startDate, endDate })).toEqual(Array.from({ length: 1101 }, (_, n) => addDays(startDate, n)));
    }
  });
});
