import { useEffect, useMemo, type CSSProperties, type RefObject } from 'react';
import { DayGrid, type DayCell } from '../../../components/day-grid/day-grid.tsx';
import { addDays } from '../../../lib/dates/local-date.ts';
import { usePinnedToEnd } from '../../../lib/scroll/use-pinned-to-end.ts';
import { dayInWeek, dayStates, weekColumns, type FreezeRange, type HabitDay } from '../model/habit-record.ts';
import type { ShownActionable } from '../transfer/import-parser.ts';
import { DayMark, dayClass } from './habit-day.tsx';
import { dayLabel } from './habit-history.tsx';
import './habit-year.css';

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' });
const weekdayFormat = (style: 'short' | 'long') => new Intl.DateTimeFormat(undefined, { weekday: style, timeZone: 'UTC' });
const asDate = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * Hides a month's name while it is pushed out past the left edge (its month's weeks in view are
 * fewer than its name is wide), so no name shows cut: checked on every scroll and resize of the
 * scroller. The sticky names stay put otherwise (habit-year.css).
 */
const useNoCutMonthNames = (scroller: RefObject<HTMLElement | null>, weeks: number) => {
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const check = () => {
      const names = [...element.querySelectorAll<HTMLElement>('.habit-year__month-name')];
      const first = names[0];
      if (!first) return;
      // Where a name rests when it is stuck: the scroller's edge plus the sticky offset.
      const edge = element.getBoundingClientRect().left + Number.parseFloat(getComputedStyle(first).left);
      for (const name of names) name.classList.toggle('habit-year__month-name--cut', name.getBoundingClientRect().left < edge - 1);
    };
    check();
    element.addEventListener('scroll', check, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(check);
    resized?.observe(element);
    return () => {
      element.removeEventListener('scroll', check);
      resized?.disconnect();
    };
  }, [scroller, weeks]);
};

/**
 * A year of the habit, GitHub style: a column per week from the user's week start, a row per
 * weekday, each day in its state (the rest of this week: the freezes planned). On a narrow screen it
 * scrolls inside its box, starting at the latest weeks.
 */
export const HabitYear = ({
  habit,
  days,
  from,
  today,
  weekStart,
  freezes,
}: {
  habit: ShownActionable;
  days: readonly HabitDay[];
  from: string;
  today: string;
  weekStart: number;
  freezes: readonly FreezeRange[];
}) => {
  const to = addDays(today, 6 - dayInWeek(today, weekStart));
  const columns = useMemo(() => weekColumns(from, to, weekStart), [from, to, weekStart]);
  const states = useMemo(
    () =>
      dayStates(
        columns.flat().filter((date) => date !== null),
        days,
        today,
        habit,
        freezes,
      ),
    [columns, days, today, habit, freezes],
  );
  const rows = Array.from({ length: 7 }, (_, row) =>
    columns.map((week): DayCell | null => {
      const date = week[row];
      if (!date) return null;
      const state = states.get(date);
      return {
        date,
        label: dayLabel(date, state, habit.startDate),
        className: dayClass(state),
        testId: `habit-day-${date}`,
        state,
        children: state && <DayMark state={state} />,
      };
    }),
  );
  const firstWeek = addDays(from, -dayInWeek(from, weekStart));
  const rowHeaders = Array.from({ length: 7 }, (_, row) => {
    const date = asDate(addDays(firstWeek, row));
    return { label: weekdayFormat('long').format(date), short: row % 2 === 1 ? weekdayFormat('short').format(date) : '' };
  });
  // A month's name over the week its first day falls in (the first column's month unless the next begins soon after).
  const marks = columns.flatMap((week, column) => {
    const first = week.find((date) => date?.endsWith('-01')) ?? (column === 0 ? week.find((date) => date !== null) : undefined);
    return first ? [{ column, label: monthFormat.format(asDate(first)) }] : [];
  });
  if (marks.length > 1 && marks[0]!.column === 0 && marks[1]!.column < 3) marks.shift();

  const scroller = usePinnedToEnd<HTMLDivElement>(columns.length);
  useNoCutMonthNames(scroller, columns.length);

  return (
    <div className="habit-year" data-testid="habit-year" style={{ '--weeks': columns.length } as CSSProperties}>
      <div className="habit-year__scroll" ref={scroller}>
        <div className="habit-year__months" aria-hidden="true">
          {marks.map((mark, index) => (
            // Over its weeks, up to the next month's: its name can stay in view while they scroll by (habit-year.css).
            <span
              key={mark.column}
              className="habit-year__month"
              style={{ gridColumn: `${mark.column + 2} / ${index + 1 < marks.length ? marks[index + 1]!.column + 2 : -1}` }}
            >
              <span className="habit-year__month-name">{mark.label}</span>
            </span>
          ))}
        </div>
        <DayGrid label={`${habit.title}: each day of the last 12 months`} rows={rows} rowHeaders={rowHeaders} className="habit-year__grid" />
      </div>
    </div>
  );
};
