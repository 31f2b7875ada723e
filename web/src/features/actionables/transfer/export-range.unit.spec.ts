import { describe, expect, it } from 'vitest';
import { exportProblems } from './export-range.ts';

describe('exportProblems', () => {
  it('asks for both dates', () => expect(exportProblems('', '')).toEqual({ startDate: 'is required', endDate: 'is required' }));
  it('refuses a range that ends before it starts', () => expect(exportProblems('2026-11-20', '2026-11-10')).toEqual({ endDate: 'must not be before From' }));
  it('refuses a day the calendar does not have', () =>
    expect(exportProblems('2026-02-30', '2026-03-01')).toEqual({ startDate: 'must be a real date from 1900 to 9999' }));
  it('passes a range of real days in order, one day included', () => {
    expect(exportProblems('2026-11-17', '2026-11-23')).toEqual({});
    expect(exportProblems('2026-11-23', '2026-11-23')).toEqual({});
  });
});
