import { describe, expect, it } from 'vitest';
import { chartSeries, inOrder, mismatchedPositions, runningTotals, signedPoints, sourceLabel } from './audit-timeline.ts';
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
