import { legendStates, legendWords, type DayState } from '../model/habit-record.ts';
import '../../../components/day-grid/day-grid.css';
import './habit-day.css';

/** Each state's shape, so colour is never the only sign: a tick, an outlined tick, a cross, a snowflake, a ring. */
const marks: Partial<Record<DayState, string>> = {
  done: 'M5 10.5l3.2 3.2L15 7',
  backfilled: 'M5 10.5l3.2 3.2L15 7',
  missed: 'M6.5 6.5l7 7M13.5 6.5l-7 7',
  frozen: 'M10 4v12M4.8 7l10.4 6M4.8 13l10.4-6',
  frozenAhead: 'M10 4v12M4.8 7l10.4 6M4.8 13l10.4-6',
  due: 'M10 10h.01',
};

/** The mark inside a day's cell (decorative: the cell is named in words). */
export const DayMark = ({ state }: { state: DayState }) => {
  const path = marks[state];
  return path ? (
    <svg className="habit-day__mark" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  ) : null;
};

/** The class of a day's cell: its state's colours and, in the year calendar, its smaller size. */
export const dayClass = (state: DayState | undefined): string => `habit-day habit-day--${state ?? 'loading'}`;

/** A day's look on its own, outside a grid (whose cells are squares already): a legend's key, a list's mark. Decorative. */
export const DaySample = ({ state }: { state: DayState }) => (
  <span className={`day-square ${dayClass(state)}`} aria-hidden="true">
    <DayMark state={state} />
  </span>
);

/** What each look means, in words beside a sample of it. */
export const DayLegend = ({ states = legendStates, testId }: { states?: readonly DayState[]; testId?: string }) => (
  <ul className="habit-day-legend" aria-label="Legend" data-testid={testId}>
    {states.map((state) => (
      <li key={state} className="habit-day-legend__item">
        <DaySample state={state} />
        {legendWords[state]}
      </li>
    ))}
  </ul>
);
