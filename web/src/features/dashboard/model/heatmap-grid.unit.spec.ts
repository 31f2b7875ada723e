import type { HeatmapDay } from '@tracker/contracts/points/http';
import { describe, expect, it } from 'vitest';
import { dayLevel, heatLevel, heatmapGrid, monthMarks, weekdayNames } from './heatmap-grid.ts';
import { addDays } from '../../../lib/dates/local-date.ts';

const daysFrom = (start: string, count: number, points: (index: number) => number = () => 0): HeatmapDay[] =>
  Array.from({ length: count }, (_, index) => ({
    date: addDays(start, index),
    points: points(index),
    count: points(index) > 0 ? 1 : 0,
    completions: points(index) > 0 ? 1 : 0,
  }));

describe('heatmap grid', () => {
  // 2026-11-18 is a Wednesday; the range runs to Tuesday 2026-11-24.
  const week = daysFrom('2026-11-18', 7, (index) => index + 1);

  it('starts each column on sunday by default, padding before the first day and after the last', () => {
    const grid = heatmapGrid(week, 'sunday');
    expect(grid.columnStarts).toEqual(['2026-11-15', '2026-11-22']);
    expect(grid.weeks[0]!.map((day) => day?.date ?? null)).toEqual([null, null, null, '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21']);
    expect(grid.weeks[1]!.map((day) => day?.date ?? null)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', null, null, null, null]);
  });

  it('starts each column on the chosen day', () => {
    const monday = heatmapGrid(week, 'monday');
    expect(monday.columnStarts).toEqual(['2026-11-16', '2026-11-23']);
    expect(monday.weeks[0]![0]).toBeNull();
    expect(monday.weeks[0]![2]?.date).toBe('2026-11-18');
    expect(monday.weeks[1]![0]?.date).toBe('2026-11-23');
    const wednesday = heatmapGrid(week, 'wednesday');
    expect(wednesday.weeks).toHaveLength(1);
    expect(wednesday.weeks[0]!.every((day) => day !== null)).toBe(true);
  });

  it('lays a year into 53 or 54 columns, every day exactly once, each in its weekday row', () => {
    const year = daysFrom('2025-11-24', 365);
    for (const weekStart of ['sunday', 'monday', 'saturday'] as const) {
      const grid = heatmapGrid(year, weekStart);
      const shown = grid.weeks.flat().filter((day) => day !== null);
      expect(shown.map((day) => day.date)).toEqual(year.map((day) => day.date));
      grid.weeks.forEach((column, index) => column.forEach((day, row) => day && expect(day.date).toBe(addDays(grid.columnStarts[index]!, row))));
      expect(grid.weeks.length).toBeGreaterThanOrEqual(53);
      expect(grid.weeks.length).toBeLessThanOrEqual(54);
    }
  });

  it('fills a day missing from the answer with zero, keeps the order of dates and finds the best day', () => {
    const gappy: HeatmapDay[] = [
      { date: '2026-11-20', points: 3, count: 1, completions: 0 },
      { date: '2026-11-18', points: 12, count: 2, completions: 0 },
    ];
    const grid = heatmapGrid(gappy, 'sunday');
    expect(grid.weeks[0]!.slice(3)).toEqual([
      { date: '2026-11-18', points: 12, count: 2, completions: 0 },
      { date: '2026-11-19', points: 0, count: 0, completions: 0 },
      { date: '2026-11-20', points: 3, count: 1, completions: 0 },
      null,
    ]);
    expect(grid.max).toBe(12);
    expect(heatmapGrid([], 'monday')).toEqual({ weeks: [], columnStarts: [], max: 0 });
  });

  it('names the rows from the first day of the week', () => {
    expect(weekdayNames('sunday', 'long')[0]).toBe(
      new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' }).format(new Date('2023-01-01T00:00:00Z')),
    );
    expect(weekdayNames('monday', 'long')[0]).toBe(
      new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' }).format(new Date('2023-01-02T00:00:00Z')),
    );
    expect(weekdayNames('saturday', 'long')[1]).toBe(weekdayNames('sunday', 'long')[0]);
  });

  it('marks the column where each month starts', () => {
    const grid = heatmapGrid(daysFrom('2026-01-01', 90), 'sunday');
    // 2026-01-01 is a Thursday (column 0 starts on Dec 28); Feb 1 and Mar 1 are Sundays, 5 and 9 weeks on.
    expect(monthMarks(grid).map(({ column }) => column)).toEqual([0, 5, 9]);
  });
});

describe('heat level', () => {
  it('is 0 for a day without points (or a net revocation), 4 for the best day, quarters between', () => {
    expect(heatLevel(0, 20)).toBe(0);
    expect(heatLevel(-5, 20)).toBe(0);
    expect(heatLevel(1, 20)).toBe(1);
    expect(heatLevel(5, 20)).toBe(1);
    expect(heatLevel(6, 20)).toBe(2);
    expect(heatLevel(15, 20)).toBe(3);
    expect(heatLevel(20, 20)).toBe(4);
    expect(heatLevel(3, 0)).toBe(0);
  });
});

describe('day level', () => {
  it('shows a day of completions without points (imported history) at the lightest step, and by points otherwise', () => {
    const day = (points: number, completions: number) => ({ date: '2025-03-01', points, count: points === 0 ? 0 : 1, completions });
    expect(dayLevel(day(0, 3), 0)).toBe(1);
    expect(dayLevel(day(0, 3), 20)).toBe(1);
    expect(dayLevel(day(0, 0), 20)).toBe(0);
    expect(dayLevel(day(20, 1), 20)).toBe(4);
    expect(dayLevel(day(6, 0), 20)).toBe(2);
  });
});
