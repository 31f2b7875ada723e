import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { weekStarts } from '@tracker/contracts/settings/http';
import { Card, EmptyNote } from '../../../components/states/card.tsx';
import { QueryStatus } from '../../../components/states/query-states.tsx';
import { StatTiles } from '../../../components/stat-tiles/stat-tiles.tsx';
import { formatLocalDate } from '../../../lib/dates/date-format.ts';
import { addDays } from '../../../lib/dates/local-date.ts';
import { settingsOrDefaults, useGetSettingsQuery } from '../../../lib/settings/settings.api.ts';
import { useToday } from '../../../lib/settings/use-today.ts';
import { actionableFailures, useGetActionableQuery } from '../api/actionables.api.ts';
import { useGetFreezesQuery } from '../api/freezes.api.ts';
import { historyFailure, useGetHabitHistoryQuery } from '../api/habit-history.api.ts';
import { DayLegend, DaySample } from '../components/habit-day.tsx';
import { HabitYear } from '../components/habit-year.tsx';
import { freezeRangeText } from '../../../lib/habits/freeze-words.ts';
import { freezesAhead } from '../model/freeze-range.ts';
import { bestStreak, completionRate, freezesOf, percent, periodsOf, recentCompletions, type CompletionRate } from '../model/habit-record.ts';
import { scheduleInWords } from '../model/habit-schedule.ts';
import type { ShownActionable } from '../transfer/import-parser.ts';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import './habit.css';

/** The history read: 366 days up to today (the server's most). */
const HISTORY_DAYS = 366;
const RATE_WINDOWS = [30, 90, 365] as const;

const rateNote = ({ credited, due, frozen }: CompletionRate) => `${credited} of ${due} done${frozen > 0 ? ` · ${frozen} frozen` : ''}`;

/** 'days', 'weeks' or 'times' in a row: what the habit's streak counts. */
const streakUnit = (habit: ShownActionable) =>
  habit.recurrence.frequency === 'timesPerWeek' ? 'weeks met in a row' : habit.recurrence.frequency === 'daily' ? 'days in a row' : 'scheduled days in a row';

const HabitRecord = ({ habit, today }: { habit: ShownActionable; today: string }) => {
  const from = addDays(today, -(HISTORY_DAYS - 1));
  const history = useGetHabitHistoryQuery({ habitId: habit.id, startDate: from, endDate: today });
  const { data: settings } = useGetSettingsQuery();
  const weekStart = weekStarts.indexOf(settingsOrDefaults(settings).weekStart);
  const { data: freezes = [] } = useGetFreezesQuery();
  const habitFreezes = useMemo(() => freezesOf(freezes, habit.id), [freezes, habit.id]);
  const ahead = freezesAhead(habitFreezes, today);

  const days = history.data;
  const periods = useMemo(() => (days ? periodsOf(days, habit.recurrence) : []), [days, habit.recurrence]);
  // The habit began inside the year read: its best over these days is its best ever.
  const wholeLife = habit.startDate !== null && habit.startDate >= from;
  const best = Math.max(bestStreak(periods), habit.streak);
  const completions = days ? recentCompletions(days, 10) : [];

  return (
    <>
      <StatTiles
        label="Streaks"
        className="habit-page__tiles"
        tiles={[
          { id: 'habit-page-streak', label: 'Current streak', value: habit.streak, note: streakUnit(habit) },
          { id: 'habit-page-best', label: wholeLife ? 'Best streak' : 'Best in the last 12 months', value: days ? best : '…', note: streakUnit(habit) },
        ]}
      />
      <Card id="habit-rates" title="Completion rate" subtitle="Done and backfilled of the occurrences due; frozen ones and today’s open one are left out">
        <QueryStatus query={history} failure={historyFailure} loading="Loading the history…" />
        {days && (
          <StatTiles
            label="Completion rate"
            tiles={RATE_WINDOWS.map((window) => {
              const rate = completionRate(periods, today, window);
              return { id: `habit-rate-${window}`, label: `Last ${window} days`, value: percent(rate.rate), note: rateNote(rate) };
            })}
          />
        )}
      </Card>
      <Card id="habit-calendar" title="The last 12 months" subtitle="Each day as it happened; arrow keys move between days">
        <QueryStatus query={history} failure={historyFailure} loading="Loading the year…" />
        {days && <HabitYear habit={habit} days={days} from={from} today={today} weekStart={weekStart} freezes={habitFreezes} />}
        <DayLegend states={['done', 'backfilled', 'missed', 'frozen', 'due', 'notDue', 'frozenAhead']} testId="habit-legend" />
        {ahead.length > 0 && (
          <p className="habit-page__ahead" data-testid="habit-page-freezes">
            Frozen: {ahead.map((freeze) => freezeRangeText(freeze, today)).join('; ')}
          </p>
        )}
      </Card>
      <Card id="habit-completions" title="Recent completions" subtitle="Newest first; a backfill was recorded on a later day">
        {days &&
          (completions.length === 0 ? (
            <EmptyNote>No completions in the last 12 months yet.</EmptyNote>
          ) : (
            <ul className="habit-page__completions">
              {completions.map((day) => (
                <li key={day.date} data-testid={`habit-completion-${day.date}`}>
                  <DaySample state={day.state} />
                  <span>{formatLocalDate(day.date)}</span>
                  <span className="habit-page__kind">{day.state === 'backfilled' ? 'Backfilled' : 'Done'}</span>
                </li>
              ))}
            </ul>
          ))}
      </Card>
    </>
  );
};

/** One habit: its schedule, current and best streak, completion rates, a year of days and its recent completions. */
export const HabitRoute = () => {
  const { id = '' } = useParams();
  // Today from the server's calendar, the day every route counts in.
  const { date: today } = useToday();
  const query = useGetActionableQuery(id);
  const habit = query.data?.isHabit && !query.data.loadProblem ? query.data : undefined;
  const missing = (query.error && 'status' in query.error && query.error.status === 404) || (query.data !== undefined && !habit);

  return (
    <div className="page habit-page">
      <title>{`${habit?.title ?? 'Habit'} · Habits · Points Tracker`}</title>
      <p className="habit-page__back">
        <Link to="/habits">← All habits</Link>
      </p>
      {missing ? (
        <section className="panel" aria-labelledby="habit-missing">
          <h1 id="habit-missing" className="page-header__title">
            Habit not found
          </h1>
          <p>It may have been deleted. Your other habits are on the Habits page.</p>
        </section>
      ) : (
        <>
          <PageHeader
            eyebrow={
              <>
                {habit ? scheduleInWords(habit.recurrence) : 'Habit'}
                {habit?.startDate && ` · since ${formatLocalDate(habit.startDate)}`}
              </>
            }
            eyebrowData={{ 'data-testid': 'habit-page-schedule' }}
            title={habit?.title ?? 'Habit'}
            description={habit?.description && <p className="habit-page__description">{habit.description}</p>}
          />
          {habit ? (
            <HabitRecord habit={habit} today={today} />
          ) : (
            <QueryStatus query={query} failure={actionableFailures.fetchOne} loading="Loading the habit…" />
          )}
        </>
      )}
    </div>
  );
};
