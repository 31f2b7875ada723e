import type { HeatmapDay } from '@tracker/contracts/points/http';
import { weekStarts, type WeekStart } from '@tracker/contracts/settings/http';
import { addDays, type LocalDate } from '../../../lib/dates/local-date.ts';
import { dayOfWeek } from './date-range.ts';

/** A week column: seven cells from the user's first day of the week; null before the first day and after the last. */
export type HeatmapWeek = (HeatmapDay | null)[];

export interface HeatmapGrid {
  weeks: HeatmapWeek[];
  /** The first day of each week column (the padding's date for the first and last weeks). */
  columnStarts: LocalDate[];
  /** The highest points of a day: the colour scale's top. */
  max: number;
}

/**
 * Lays the days (one per local date, in order, as the heatmap answers) into week columns that start
 * on `weekStart`: the first column is padded before the first day, the last after the last day. A
 * day missing from the answer is shown as zero, so the grid has no holes.
 */
export const heatmapGrid = (days: readonly HeatmapDay[], weekStart: WeekStart): HeatmapGrid => {
  if (days.length === 0) return { weeks: [], columnStarts: [], max: 0 };
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const byDate = new Map(sorted.map((day) => [day.date, day]));
  const first = sorted[0]!.date;
  const last = sorted[sorted.length - 1]!.date;
  const weeks: HeatmapWeek[] = [];
  const starts: LocalDate[] = [];
  let max = 0;
  for (let weekStartDate = addDays(first, -dayOfWeek(first, weekStart)); weekStartDate <= last; weekStartDate = addDays(weekStartDate, 7)) {
    const week: HeatmapWeek = [];
    for (let row = 0; row < 7; row += 1) {
      const date = addDays(weekStartDate, row);
      if (date < first || date > last) {
        week.push(null);
        continue;
      }
      const day = byDate.get(date) ?? { date, points: 0, count: 0, completions: 0 };
      max = Math.max(max, day.points);
      week.push(day);
    }
    weeks.push(week);
    starts.push(weekStartDate);
  }
  return { weeks, columnStarts: starts, max };
};

/** The colour step of a day, 0 (nothing) to 4 (the best day): quarters of the best day's points. */
export const heatLevel = (points: number, max: number): 0 | 1 | 2 | 3 | 4 => {
  if (points <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((points / max) * 4))) as 1 | 2 | 3 | 4;
};

/**
 * A day's colour step: by its points (heatLevel); a day with completions but no points (imported
 * history, or points taken back) still shows the lightest step, so what was done is never blank.
 */
export const dayLevel = (day: HeatmapDay, max: number): 0 | 1 | 2 | 3 | 4 => {
  const level = heatLevel(day.points, max);
  return level === 0 && day.completions > 0 ? 1 : level;
};

/** The weekday names of the grid's rows, from the user's first day of the week. */
export const weekdayNames = (weekStart: WeekStart, format: 'short' | 'long' = 'short'): string[] => {
  const formatter = new Intl.DateTimeFormat(undefined, { weekday: format, timeZone: 'UTC' });
  const first = weekStarts.indexOf(weekStart);
  // 2023-01-01 was a Sunday: the six days after it name the other weekdays.
  return Array.from({ length: 7 }, (_, row) => formatter.format(new Date(`${addDays('2023-01-01', (first + row) % 7)}T00:00:00.000Z`)));
};

/** Month labels over the columns: the column where a month's first day falls. */
export const monthMarks = (grid: HeatmapGrid): { column: number; label: string }[] => {
  const formatter = new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' });
  const marks: { column: number; label: string }[] = [];
  grid.weeks.forEach((week, column) => {
    const firstOfMonth = week.find((day) => day !== null && day.date.endsWith('-01'));
    const firstDay = column === 0 ? week.find((day) => day !== null) : undefined;
    const day = firstOfMonth ?? firstDay;
    if (day) marks.push({ column, label: formatter.format(new Date(`${day.date}T00:00:00.000Z`)) });
  });
  // The first column's partial month makes way for a month that starts right after it.
  if (marks.length > 1 && marks[1]!.column - marks[0]!.column < 3 && marks[0]!.column === 0) marks.shift();
  return marks;
};
