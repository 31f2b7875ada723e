import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leaderboardEntry, leaderboardQuery, recentQuery } from '../points/http.ts';
import { dailyActionablesQuery, dateRangeQuery } from './http.ts';

const fieldsAtFault = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('range queries', () => {
  it('take local dates and ISO instants (an instant without an offset is UTC), both optional', () => {
    expect(dateRangeQuery.parse({})).toEqual({});
    expect(dateRangeQuery.parse({ startDate: '2026-03-01', endDate: '2026-03-01T23:30:00+13:00', timezone: 'Pacific/Auckland' })).toEqual({
      startDate: { kind: 'date', date: '2026-03-01' },
      endDate: { kind: 'instant', at: '2026-03-01T10:30:00.000Z' },
      timezone: 'Pacific/Auckland',
    });
    expect(dateRangeQuery.parse({ startDate: '2026-03-01T10:30' }).startDate).toEqual({ kind: 'instant', at: '2026-03-01T10:30:00.000Z' });
  });

  it('refuse impossible dates, junk and unknown zones, naming the parameter', () => {
    for (const [query, field] of [
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ endDate: '0000-01-01' }, 'endDate'],
      [{ startDate: '2026-03-01T24:00:00Z' }, 'startDate'],
      [{ startDate: 'today' }, 'startDate'],
      [{ startDate: '2026-03-01\u0000' }, 'startDate'],
      [{ endDate: ['2026-03-01', '2026-03-02'] }, 'endDate'],
      [{ startDate: '2'.repeat(10_000) }, 'startDate'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ timezone: '' }, 'timezone'],
    ] as const) {
      expect(fieldsAtFault(dateRangeQuery.safeParse(query)), JSON.stringify(query).slice(0, 80)).toEqual([field]);
    }
    expect(fieldsAtFault(dailyActionablesQuery.safeParse({ timezone: 'Europe/Nowhere' }))).toEqual(['timezone']);
  });

  it('never throw, whatever string comes in', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (startDate, timezone) => {
        const result = dateRangeQuery.safeParse({ startDate, timezone });
        if (result.success && result.data.startDate?.kind === 'date') expect(result.data.startDate.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }),
    );
  });
});

describe('list limits', () => {
  it('take digits from 1 to 100 only', () => {
    expect(recentQuery.parse({ limit: '100' })).toEqual({ limit: 100 });
    expect(leaderboardQuery.parse({})).toEqual({});
    for (const limit of ['0', '101', '-1', '1.5', '1e2', ' 5', '0x10', '']) expect(fieldsAtFault(leaderboardQuery.safeParse({ limit }))).toEqual(['limit']);
  });
});

describe('leaderboard entries', () => {
  it("hold rank, name, totalPoints and whether it is the caller's row, nothing else: no userId", () => {
    const entry = { rank: 1, name: 'Ada', totalPoints: 10, isCurrentUser: false };
    expect(leaderboardEntry.parse(entry)).toEqual(entry);
    expect(leaderboardEntry.safeParse({ ...entry, email: 'ada@example.com' }).success).toBe(false);
    expect(leaderboardEntry.safeParse({ ...entry, userId: '7d7b5c94-44a6-4325-a660-b50c567d3c8d' }).success).toBe(false);
  });
});
