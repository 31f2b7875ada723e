import { describe, expect, it } from 'vitest';
import type { AuditFreeze } from '@tracker/contracts/points/audit';
import { chartSeries, freezeReason, historyOf, inOrder, mismatchedPositions, runningTotals, signedPoints, sourceLabel } from './audit-timeline.ts';
import { anAuditEntry } from '../../../testing/fixtures.ts';

describe('the running total', () => {
  it('adds awards and takes revocations away, entry by entry', () => {
    const rows = runningTotals([
      anAuditEntry({ points: 100, position: 'a', occurredAt: '2026-11-20T10:00:00.000Z' }),
      anAuditEntry({ points: -100, position: 'b', occurredAt: '2026-11-20T11:00:00.000Z', rulesVersion: null }),
      anAuditEntry({ points: 50, position: 'c', occurredAt: '2026-11-21T09:00:00.000Z' }),
      anAuditEntry({ points: 15, position: 'd', occurredAt: '2026-11-22T09:00:00.000Z' }),
    ]);
    expect(rows.map((row) => [row.position, row.total])).toEqual([
      ['a', 100],
      ['b', 0],
      ['c', 50],
      ['d', 65],
    ]);
    expect(rows[2]!.time).toBe(Date.parse('2026-11-21T09:00:00.000Z'));
  });

  it('orders by when entries happened, keeping log order among equal instants', () => {
    const rows = runningTotals([
      anAuditEntry({ points: 10, position: 'late', occurredAt: '2026-11-21T00:00:00.000Z' }),
      anAuditEntry({ points: 20, position: 'first', occurredAt: '2026-11-20T00:00:00.000Z' }),
      anAuditEntry({ points: 30, position: 'second', occurredAt: '2026-11-20T00:00:00.000Z' }),
    ]);
    expect(rows.map((row) => [row.position, row.total])).toEqual([
      ['first', 20],
      ['second', 50],
      ['late', 60],
    ]);
  });

  it('is empty without entries', () => {
    expect(runningTotals([])).toEqual([]);
    expect(chartSeries([], Date.now())).toEqual([]);
  });

  it('lists newest first or oldest first without changing the totals', () => {
    const rows = runningTotals([
      anAuditEntry({ position: 'a', occurredAt: '2026-11-20T00:00:00Z' }),
      anAuditEntry({ position: 'b', occurredAt: '2026-11-21T00:00:00Z' }),
    ]);
    expect(inOrder(rows, 'newest').map((row) => [row.position, row.total])).toEqual([
      ['b', 30],
      ['a', 15],
    ]);
    expect(inOrder(rows, 'oldest').map((row) => row.position)).toEqual(['a', 'b']);
    expect(rows.map((row) => row.position)).toEqual(['a', 'b']);
  });
});

describe('freezes in the history', () => {
  const aFreeze = (overrides: Partial<AuditFreeze> = {}): AuditFreeze => ({
    freezeId: '7c1d2e3f-0000-4000-8000-000000000001',
    habitId: null,
    habitTitle: null,
    from: '2026-11-29',
    to: '2026-12-05',
    setAt: '2026-11-20T11:00:00.000Z',
    cancelledAt: null,
    position: 'f1',
    ...overrides,
  });
  const rows = runningTotals([
    anAuditEntry({ points: 15, position: 'a', occurredAt: '2026-11-20T10:00:00.000Z' }),
    anAuditEntry({ points: 30, position: 'b', occurredAt: '2026-11-20T12:00:00.000Z' }),
  ]);

  it('sets each freeze and its cancellation among the awards by when they happened, the total standing unchanged', () => {
    const reading = aFreeze({
      freezeId: '7c1d2e3f-0000-4000-8000-000000000002',
      habitId: '5b7e1c2a-0000-4000-8000-000000000009',
      habitTitle: 'Read',
      setAt: '2026-11-20T12:00:00.000Z',
      cancelledAt: '2026-11-21T09:00:00.000Z',
      position: 'f2',
    });
    const history = historyOf(rows, [aFreeze(), reading]);
    expect(history.map((row) => (row.kind === 'points' ? [row.position, row.total] : [`${row.freeze.position} ${row.what}`, row.total]))).toEqual([
      ['a', 15],
      ['f1 set', 15],
      ['b', 45],
      ['f2 set', 45],
      ['f2 cancelled', 45],
    ]);
    expect(historyOf(rows, []).map((row) => row.kind)).toEqual(['points', 'points']);
    expect(historyOf([], [aFreeze()]).map((row) => [row.kind, row.total])).toEqual([['freeze', 0]]);
  });

  it('says which habits, which days, and that a freeze awards nothing', () => {
    expect(freezeReason({ freeze: aFreeze(), what: 'set' }, '2026-11-20')).toBe(
      'Froze all habits for Sun, Nov 29 – Sat, Dec 5 (7 days): frozen days award nothing and neither break nor extend a streak',
    );
    const one = aFreeze({ habitId: '5b7e1c2a-0000-4000-8000-000000000009', habitTitle: 'Read', from: '2026-12-01', to: '2026-12-01' });
    expect(freezeReason({ freeze: one, what: 'cancelled' }, '2026-11-20')).toBe(
      'Cancelled the freeze of habit "Read" for Tue, Dec 1 (1 day) before it began: no day was frozen',
    );
  });
});

describe('the chart series', () => {
  const rows = runningTotals([
    anAuditEntry({ points: 15, occurredAt: '2026-11-20T10:00:00.000Z' }),
    anAuditEntry({ points: 30, occurredAt: '2026-11-20T12:00:00.000Z' }),
  ]);
  const t = (iso: string) => Date.parse(iso);

  it('starts from zero at the first entry and runs flat to the end asked about', () => {
    expect(chartSeries(rows, t('2026-11-23T00:00:00.000Z'))).toEqual([
      { time: t('2026-11-20T10:00:00.000Z'), total: 0 },
      { time: t('2026-11-20T10:00:00.000Z'), total: 15 },
      { time: t('2026-11-20T12:00:00.000Z'), total: 45 },
      { time: t('2026-11-23T00:00:00.000Z'), total: 45 },
    ]);
  });

  it('adds no point at or before the last entry', () => {
    expect(chartSeries(rows, t('2026-11-20T12:00:00.000Z'))).toHaveLength(3);
    expect(chartSeries(rows, t('2026-11-19T00:00:00.000Z'))).toHaveLength(3);
  });
});

describe('entries in words', () => {
  it('names the source by its kind and the title the reason quotes', () => {
    expect(sourceLabel(anAuditEntry({}))).toEqual({ kind: 'Subtask', title: 'Buy shoes' });
    expect(sourceLabel(anAuditEntry({ sourceType: 'actionable', reason: 'Completed actionable "Say "hi"" after its deadline' }))).toEqual({
      kind: 'Actionable',
      title: 'Say "hi"',
    });
    expect(sourceLabel(anAuditEntry({ sourceType: 'habit', reason: 'Habit streak 3' }))).toEqual({ kind: 'Habit', title: '#5b7e1c2a' });
  });

  it('signs points with a real minus sign', () => {
    expect(signedPoints(15)).toBe('+15');
    expect(signedPoints(-100)).toBe('−100');
    expect(signedPoints(0)).toBe('0');
  });

  it('marks the entries a mismatch names, not ledger rows without an event', () => {
    const marked = mismatchedPositions([
      { position: 'a', expected: 10, found: 12, reason: 'x' },
      { position: null, expected: null, found: 5, reason: 'ledger row without an event' },
    ]);
    expect([...marked]).toEqual(['a']);
  });
});
