import { useMemo } from 'react';
import { weekStarts } from '@tracker/contracts/settings/http';
import { DayGrid, type DayCell } from '../../../components/day-grid/day-grid.tsx';
import { formatLocalDate } from '../../../lib/dates/date-format.ts';
import { settingsOrDefaults, useGetSettingsQuery } from '../../../lib/settings/settings.api.ts';
import { failureText } from '../../../lib/api/failure-text.ts';
import { LoadError } from '../../../components/states/load-states.tsx';
import { historyFailure, useGetHabitHistoryQuery } from '../api/habit-history.api.ts';
import { useGetFreezesQuery } from '../api/freezes.api.ts';
import { freezeRangeText } from '../../../lib/habits/freeze-words.ts';
import { freezesAhead } from '../model/freeze-range.ts';
import { dayStates, dayWords, freezesOf, recentWeeks, type DayState } from '../model/habit-record.ts';
import type { ShownActionable } from '../transfer/import-parser.ts';
import { DayLegend, DayMark, dayClass } from './habit-day.tsx';
import './habit-history.css';

/** How many calendar weeks the card's grid shows. */
export const HISTORY_WEEKS = 5;

const weekdayFormat = (style: 'narrow' | 'long') => new Intl.DateTimeFormat(undefined, { weekday: style, timeZone: 'UTC' });

/** 'Wed, Nov 25: missed': a day's accessible name and tooltip. */
export const dayLabel = (date: string, state: DayState | undefined, startDate: string | null): string =>
  `${formatLocalDate(date, { weekday: 'short', month: 'short', day: 'numeric' })}: ${state ? dayWords(state, date, startDate) : 'loading'}`;

/**
 * The card's last weeks, a row each from the user's week start, each day as GET …/history tells it
 * (done, backfilled, missed, frozen, due, not scheduled); the rest of this week shows the freezes
 * planned. Arrow keys move between the days; each is named by its date and state.
 */
export const HabitHistory = ({ habit, today, testId }: { habit: ShownActionable; today: string; testId: string }) => {
  const { data: settings } = useGetSettingsQuery();
  const weekStart = weekStarts.indexOf(settingsOrDefaults(settings).weekStart);
  const weeks = useMemo(() => recentWeeks(today, weekStart, HISTORY_WEEKS), [today, weekStart]);
  const startDate = weeks[0]![0]!;
  const history = useGetHabitHistoryQuery({ habitId: habit.id, startDate, endDate: today });
  const { data: freezes } = useGetFreezesQuery();

  const habitFreezes = useMemo(() => freezesOf(freezes ?? [], habit.id), [freezes, habit.id]);
  const states = useMemo(() => dayStates(weeks.flat(), history.data, today, habit, habitFreezes), [weeks, history.data, today, habit, habitFreezes]);
  const ahead = freezesAhead(habitFreezes, today);
  const rows = weeks.map((week) =>
    week.map((date): DayCell => {
      const state = states.get(date);
      return { date, label: dayLabel(date, state, habit.startDate), className: dayClass(state), state, children: state && <DayMark state={state} /> };
    }),
  );
  const headers = weeks[0]!.map((date) => ({
    label: weekdayFormat('long').format(new Date(`${date}T00:00:00Z`)),
    short: weekdayFormat('narrow').format(new Date(`${date}T00:00:00Z`)),
  }));

  return (
    <figure className="habit-history" data-testid={testId} aria-busy={history.isFetching || undefined}>
      {history.error && !history.isFetching ? (
        <LoadError message={failureText(history.error, historyFailure)} onRetry={() => void history.refetch()} retrying={history.isFetching} />
      ) : (
        <DayGrid label={`${habit.title}, last ${HISTORY_WEEKS} weeks`} rows={rows} columnHeaders={headers} className="habit-history__grid" />
      )}
      <figcaption className="habit-history__caption">
        <DayLegend />
        {ahead.length > 0 && (
          <p className="habit-history__freezes" data-testid={`habit-history-freezes-${habit.id}`}>
            <span aria-hidden="true">❄ </span>
            Frozen {ahead.map((freeze) => freezeRangeText(freeze, today)).join('; ')}
          </p>
        )}
      </figcaption>
    </figure>
  );
};
