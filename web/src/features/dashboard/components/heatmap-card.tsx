import type { HeatmapDay } from '@tracker/contracts/points/http';
import type { WeekStart } from '@tracker/contracts/settings/http';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { dashboardFailures, useGetHeatmapQuery, type RangeArgs } from '../api/dashboard.api.ts';
import { Card, EmptyNote } from '../../../components/states/card.tsx';
import { QueryBody } from '../../../components/states/query-states.tsx';
import { dayLevel, heatmapGrid, monthMarks, weekdayNames, type HeatmapGrid } from '../model/heatmap-grid.ts';
import { formatLocalDate } from '../../../lib/dates/date-format.ts';
import { usePinnedToEnd } from '../../../lib/scroll/use-pinned-to-end.ts';
import './heatmap-card.css';

const numberFormat = new Intl.NumberFormat();

const completionsText = (completions: number) => `${numberFormat.format(completions)} completion${completions === 1 ? '' : 's'}`;

/**
 * 'Monday, November 23, 2026: 1 completion, 5 points from 1 award' — the cell's accessible name.
 * Imported history: 'Saturday, March 1, 2025: 2 completions, no points'.
 */
export const describeDay = (day: HeatmapDay): string => {
  const date = formatLocalDate(day.date, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const points =
    day.count === 0 && day.points === 0
      ? 'no points'
      : `${numberFormat.format(day.points)} point${Math.abs(day.points) === 1 ? '' : 's'} from ${day.count} award${day.count === 1 ? '' : 's'}`;
  return `${date}: ${day.completions > 0 ? `${completionsText(day.completions)}, ` : ''}${points}`;
};

interface Position {
  column: number;
  row: number;
}

/** The day whose tooltip shows, and where (from its cell, inside the scrolling box). */
interface Shown extends Position {
  left: number;
  top: number;
}

const shownAt = (cell: HTMLElement, position: Position): Shown => ({
  ...position,
  left: cell.offsetLeft + cell.offsetWidth / 2,
  // The top rows show it below the cell, the others above, so it stays inside the box.
  top: position.row < 3 ? cell.offsetTop + cell.offsetHeight + 6 : cell.offsetTop - 6,
});

/** The nearest day cell in a direction (skipping the padding before the first day and after the last). */
const step = (grid: HeatmapGrid, from: Position, key: string): Position | undefined => {
  const columns = grid.weeks.length;
  const at = (column: number, row: number) => grid.weeks[column]?.[row] ?? null;
  const moves: Record<string, Position> = {
    ArrowLeft: { column: from.column - 1, row: from.row },
    ArrowRight: { column: from.column + 1, row: from.row },
    ArrowUp: { column: from.column, row: from.row - 1 },
    ArrowDown: { column: from.column, row: from.row + 1 },
    Home: { column: 0, row: from.row },
    End: { column: columns - 1, row: from.row },
  };
  const target = moves[key];
  if (!target || target.row < 0 || target.row > 6 || target.column < 0 || target.column >= columns) return undefined;
  if (at(target.column, target.row)) return target;
  // Home / End on a padded row: the first or last real day of that row.
  if (key === 'Home') return at(1, target.row) ? { column: 1, row: target.row } : undefined;
  if (key === 'End') return at(columns - 2, target.row) ? { column: columns - 2, row: target.row } : undefined;
  return undefined;
};

const lastDay = (grid: HeatmapGrid): Position => {
  const column = grid.weeks.length - 1;
  const week = grid.weeks[column] ?? [];
  let row = 6;
  while (row > 0 && !week[row]) row -= 1;
  return { column, row };
};

/**
 * A year of points per local day, a column per week starting on the user's week start, darker for
 * more points (a day of completions without points, such as imported history, at the lightest). One
 * tab stop: the arrow keys move between days (a grid, as screen readers expect), and the day under the
 * pointer or the focus shows its date, completions, points and awards in a tooltip.
 */
const Heatmap = ({ days, weekStart }: { days: HeatmapDay[]; weekStart: WeekStart }) => {
  const grid = useMemo(() => heatmapGrid(days, weekStart), [days, weekStart]);
  const marks = useMemo(() => monthMarks(grid), [grid]);
  const rowNames = useMemo(() => weekdayNames(weekStart), [weekStart]);
  const rowLongNames = useMemo(() => weekdayNames(weekStart, 'long'), [weekStart]);
  const [active, setActive] = useState<Position>(() => lastDay(grid));
  const [shown, setShown] = useState<Shown | null>(null);
  const cells = useRef(new Map<string, HTMLElement>());
  const focusable = grid.weeks[active.column]?.[active.row] ? active : lastDay(grid);

  const scroller = usePinnedToEnd<HTMLDivElement>(grid.weeks.length);

  const keyOf = ({ column, row }: Position) => `${column}:${row}`;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = step(grid, focusable, event.key);
    if (!next) return;
    event.preventDefault();
    setActive(next);
    cells.current.get(keyOf(next))?.focus();
  };

  const shownDay = shown ? grid.weeks[shown.column]?.[shown.row] : null;
  const total = days.reduce((sum, day) => sum + day.points, 0);
  const completions = days.reduce((sum, day) => sum + day.completions, 0);

  return (
    <div className="heatmap">
      <div className="heatmap__scroll" ref={scroller}>
        <div className="heatmap__months" aria-hidden="true">
          <span className="heatmap__corner" />
          {marks.map((mark) => (
            <span key={mark.column} className="heatmap__month" style={{ gridColumnStart: mark.column + 2 }}>
              {mark.label}
            </span>
          ))}
        </div>
        <div
          role="grid"
          className="heatmap__grid"
          aria-label={`Points and completions per day, ${formatLocalDate(days[0]!.date)} to ${formatLocalDate(days[days.length - 1]!.date)}: ${numberFormat.format(total)} points, ${completionsText(completions)}`}
          onKeyDown={onKeyDown}
          onMouseLeave={() => setShown(null)}
        >
          {rowNames.map((name, row) => (
            <div role="row" key={row} className="heatmap__row">
              <span role="rowheader" className="heatmap__weekday" aria-label={rowLongNames[row]}>
                <span aria-hidden="true">{row % 2 === 1 ? name : ''}</span>
              </span>
              {grid.weeks.map((week, column) => {
                const day = week[row];
                if (!day) return <span role="gridcell" key={column} className="heatmap__cell heatmap__cell--none" />;
                const position = { column, row };
                const isActive = focusable.column === column && focusable.row === row;
                const label = describeDay(day);
                return (
                  <span
                    role="gridcell"
                    key={column}
                    ref={(element) => {
                      if (element) cells.current.set(keyOf(position), element);
                      else cells.current.delete(keyOf(position));
                    }}
                    className={`heatmap__cell heat-${dayLevel(day, grid.max)}`}
                    tabIndex={isActive ? 0 : -1}
                    aria-label={label}
                    data-testid={`heatmap-day-${day.date}`}
                    data-points={day.points}
                    data-completions={day.completions}
                    data-level={dayLevel(day, grid.max)}
                    onMouseEnter={(event) => setShown(shownAt(event.currentTarget, position))}
                    onFocus={(event) => {
                      setActive(position);
                      setShown(shownAt(event.currentTarget, position));
                    }}
                    onBlur={() => setShown(null)}
                  />
                );
              })}
            </div>
          ))}
        </div>
        {shown && shownDay && (
          <div
            className={`heatmap__tooltip${shown.row < 3 ? ' heatmap__tooltip--below' : ''}${
              shown.column < 6 ? ' heatmap__tooltip--start' : shown.column > grid.weeks.length - 7 ? ' heatmap__tooltip--end' : ''
            }`}
            role="tooltip"
            data-testid="heatmap-tooltip"
            style={{ left: shown.left, top: shown.top }}
          >
            <strong>{formatLocalDate(shownDay.date)}</strong>
            <span>
              {shownDay.completions > 0 && `${completionsText(shownDay.completions)} · `}
              {numberFormat.format(shownDay.points)} points · {shownDay.count} award{shownDay.count === 1 ? '' : 's'}
            </span>
          </div>
        )}
      </div>
      <div className="heatmap__legend" aria-hidden="true">
        <span>Less</span>
        {[0, 1, 2, 3, 4].map((level) => (
          <span key={level} className={`heatmap__cell heat-${level}`} />
        ))}
        <span>More</span>
      </div>
    </div>
  );
};

/** GET /points/heatmap for the last 365 days, laid out by the user's week start: points, and completions (imported ones too, worth none). */
export const HeatmapCard = ({ range, weekStart }: { range: RangeArgs; weekStart: WeekStart }) => {
  const query = useGetHeatmapQuery(range);
  return (
    <Card id="heatmap" title="Activity" subtitle="Points and completions per day over the last year" className="dash-grid__wide">
      <QueryBody query={query} failure={dashboardFailures.heatmap} loading="Loading your year…">
        {(days) =>
          days.length === 0 ? null : (
            <>
              {days.every((day) => day.points === 0 && day.completions === 0) && (
                <EmptyNote>Every day you earn points fills its square, darker for more; today is the last one.</EmptyNote>
              )}
              <Heatmap days={days} weekStart={weekStart} />
            </>
          )
        }
      </QueryBody>
    </Card>
  );
};
