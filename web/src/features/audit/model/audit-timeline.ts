import type { AuditEntry, AuditFreeze, AuditMismatch } from '@tracker/contracts/points/audit';
import type { LocalDate } from '../../../lib/dates/local-date.ts';
import { freezeDays, freezeRangeText } from '../../../lib/habits/freeze-words.ts';

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

export const inOrder = <Row>(rows: readonly Row[], order: EntryOrder): Row[] => (order === 'oldest' ? [...rows] : [...rows].reverse());

/** A freeze's moment in the history: set, or cancelled before it began. It awards nothing: `total` is the points standing then. */
export interface FreezeMoment {
  freeze: AuditFreeze;
  what: 'set' | 'cancelled';
  occurredAt: string;
  time: number;
  total: number;
}

/** A row of the points history: an award or revocation, or a freeze set or cancelled (no points). */
export type HistoryRow = ({ kind: 'points' } & TimelineRow) | ({ kind: 'freeze' } & FreezeMoment);

/** A history row's key: the entry's position, the freeze event's. */
export const historyKey = (row: HistoryRow): string => (row.kind === 'points' ? row.position : `${row.freeze.position}:${row.what}`);

/**
 * The points history with each freeze's moments among the awards, by when they happened (an award
 * and a freeze at the same instant: the award first). A freeze moment carries the total standing
 * then, since it changes none.
 */
export const historyOf = (rows: readonly TimelineRow[], freezes: readonly AuditFreeze[]): HistoryRow[] => {
  const moments = freezes
    .flatMap((freeze) => [
      { freeze, what: 'set' as const, occurredAt: freeze.setAt },
      ...(freeze.cancelledAt === null ? [] : [{ freeze, what: 'cancelled' as const, occurredAt: freeze.cancelledAt }]),
    ])
    .map((moment) => ({ ...moment, time: Date.parse(moment.occurredAt) }))
    .sort((a, b) => a.time - b.time);
  const history: HistoryRow[] = [];
  let total = 0;
  let next = 0;
  for (const moment of moments) {
    while (next < rows.length && rows[next]!.time <= moment.time) {
      const row = rows[next++]!;
      total = row.total;
      history.push({ kind: 'points', ...row });
    }
    history.push({ kind: 'freeze', ...moment, total });
  }
  for (const row of rows.slice(next)) history.push({ kind: 'points', ...row });
  return history;
};

/** Which habits a freeze covers, as its row names them: 'All habits', the habit's title, or its short id when the audit read no title. */
export const frozenHabits = (freeze: AuditFreeze): string => (freeze.habitId === null ? 'All habits' : (freeze.habitTitle ?? `#${freeze.habitId.slice(0, 8)}`));

/**
 * A freeze moment in words, saying that it awards nothing: 'Froze all habits for Sun, Nov 29 –
 * Sat, Dec 5 (7 days): frozen days award nothing and neither break nor extend a streak'.
 */
export const freezeReason = (moment: Pick<FreezeMoment, 'freeze' | 'what'>, today: LocalDate): string => {
  const { freeze } = moment;
  const habits = freeze.habitId === null ? 'all habits' : `habit "${frozenHabits(freeze)}"`;
  const days = freezeDays(freeze);
  const range = `${freezeRangeText(freeze, today)} (${days} ${days === 1 ? 'day' : 'days'})`;
  return moment.what === 'set'
    ? `Froze ${habits} for ${range}: frozen days award nothing and neither break nor extend a streak`
    : `Cancelled the freeze of ${habits} for ${range} before it began: no day was frozen`;
};

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
