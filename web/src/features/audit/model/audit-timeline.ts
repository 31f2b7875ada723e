import type { AuditEntry, AuditMismatch } from '@tracker/contracts/points/audit';

/** One award or revocation with the total it left the user with. */
export interface TimelineRow extends AuditEntry {
  /** occurredAt in milliseconds. */
  time: number;
  /** The user's points right after this entry. */
  total: number;
}

/**
 * The running total, oldest first by when each entry happened (log order among equal instants: the
 * audit answers in log order and Array.prototype.sort is stable). The chart plots it over time and
 * `asOf` cuts by time, so time is the order that matches both.
 */
export const runningTotals = (entries: readonly AuditEntry[]): TimelineRow[] => {
  let total = 0;
  return entries
    .map((entry) => ({ entry, time: Date.parse(entry.occurredAt) }))
    .sort((a, b) => a.time - b.time)
    .map(({ entry, time }) => {
      total += entry.points;
      return { ...entry, time, total };
    });
};

export interface ChartPoint {
  time: number;
  total: number;
}

/**
 * The chart's steps: from zero just before the first entry, one step per entry, then flat up to
 * `end` (the as-of instant, or now) when that comes later, so the line reaches the moment asked about.
 */
export const chartSeries = (rows: readonly TimelineRow[], end: number): ChartPoint[] => {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return [];
  const points: ChartPoint[] = [{ time: first.time, total: 0 }, ...rows.map(({ time, total }) => ({ time, total }))];
  if (end > last.time) points.push({ time: end, total: last.total });
  return points;
};

export type EntryOrder = 'newest' | 'oldest';

export const inOrder = (rows: readonly TimelineRow[], order: EntryOrder): TimelineRow[] => (order === 'oldest' ? [...rows] : [...rows].reverse());

const sourceNames: Record<AuditEntry['sourceType'], string> = {
  goal: 'Goal',
  task: 'Task',
  subtask: 'Subtask',
  actionable: 'Actionable',
  habit: 'Habit',
};

/**
 * What earned the points, in words: the kind of item and its title, which the reason quotes
 * ('Completed subtask "Buy shoes"'); the item's short id when the reason quotes none.
 */
export const sourceLabel = (entry: Pick<AuditEntry, 'sourceType' | 'sourceId' | 'reason'>): { kind: string; title: string } => {
  const open = entry.reason.indexOf('"');
  const close = entry.reason.lastIndexOf('"');
  const quoted = open >= 0 && close > open + 1 ? entry.reason.slice(open + 1, close) : '';
  return { kind: sourceNames[entry.sourceType] ?? entry.sourceType, title: quoted || `#${entry.sourceId.slice(0, 8)}` };
};

/** '+15' for an award, '−15' (a real minus sign) for a revocation. */
export const signedPoints = (points: number): string => (points > 0 ? `+${points}` : points < 0 ? `−${Math.abs(points)}` : '0');

/** The positions of the entries something is wrong with, to mark their rows. */
export const mismatchedPositions = (mismatches: readonly AuditMismatch[]): Set<string> =>
  new Set(mismatches.flatMap((mismatch) => (mismatch.position === null ? [] : [mismatch.position])));
