import type { ActionableStatus } from '@tracker/contracts/actionables/http';
import type { DailyActionable } from '@tracker/contracts/dashboard/http';
import { useId } from 'react';
import { useSelector } from 'react-redux';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { failureText } from '../../../lib/api/failure-text.ts';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { PRIMARY_ACTION, useFocusAfterChange } from '../../../lib/focus/use-focus-after-change.ts';
import { habitToastKey, habitTodayShown, shortDay, type HabitTodayShown } from '../../../lib/habits/habit-today.ts';
import { backfillText, completionText, undoText } from '../../../lib/points/points-words.ts';
import { statusPointsToast } from '../../../lib/points/status-points-toast.ts';
import { useStatusSettings } from '../../../lib/settings/use-status-settings.ts';
import {
  dashboardFailures,
  useBackfillDailyHabitMutation,
  useCompleteDailyActionableMutation,
  useCompleteDailyHabitMutation,
  useRevertDailyActionableMutation,
  useUncompleteDailyHabitMutation,
  type DailyActionables,
} from '../api/dashboard.api.ts';
import { EmptyNote } from '../../../components/states/card.tsx';
import { WaitingMark } from '../../../components/offline/waiting-mark.tsx';
import { selectWaiting } from '../../../lib/offline/offline.slice.ts';
import { habitOnDay, useWaitingCreates } from '../../../lib/offline/waiting-creates.ts';
import { useWithoutDeleted } from '../../../lib/offline/use-without-deleted.ts';
import { EmptyStep } from './empty-step.tsx';
import { formatLocalDate } from '../../../lib/dates/date-format.ts';
import { localDateOf } from '../../../lib/dates/zone-clock.ts';

const timeIn = (iso: string, zone: string) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone: zone }).format(new Date(iso));

const dueNote = (item: DailyActionable, today: string, zone: string): string | undefined => {
  if (!item.deadline) return undefined;
  const due = localDateOf(item.deadline, zone);
  if (due < today) return `Overdue since ${formatLocalDate(due, { month: 'short', day: 'numeric' })}`;
  return `Due ${timeIn(item.deadline, zone)}`;
};

const streakNote = (streak: number) => (streak > 0 ? `${streak}-day streak` : 'No streak yet');

const isOverdue = (item: DailyActionable, today: string, zone: string) =>
  !item.isHabit && !item.completedToday && item.deadline !== null && localDateOf(item.deadline, zone) < today;

/** Habits in the order their cards' states ask for attention: to complete, not scheduled today, done. */
const habitRank: Record<HabitTodayShown['state'], number> = { due: 0, frozen: 0, notDue: 1, done: 2 };
const byHabitToday = (items: readonly DailyActionable[], today: string): DailyActionable[] => {
  const rank = (item: DailyActionable) => (item.isHabit ? 1 + (habitRank[habitTodayShown(item.habitToday, today)?.state ?? 'due'] ?? 0) : 0);
  // A stable sort: to-dos keep the server's order (overdue first), habits theirs within a state.
  return [...items].sort((a, b) => rank(a) - rank(b));
};

/** One toast per to-do: its completion's, then its putting back's, replace each other. */
const todoToastKey = (id: string): string => `todo-${id}`;

const statusOf = (error: unknown): unknown => (error && typeof error === 'object' && 'status' in error ? error.status : undefined);

/** One row of today's list: a to-do, or a habit as its card on the Habits page tells it (from habitToday), with complete and undo. */
const TodayRow = ({ item, today, zone }: { item: DailyActionable; today: string; zone: string }) => {
  const [completeActionable, actionableCompletion] = useCompleteDailyActionableMutation();
  const [completeHabit, habitCompletion] = useCompleteDailyHabitMutation();
  const [uncomplete, undoing] = useUncompleteDailyHabitMutation();
  const [backfill, backfilling] = useBackfillDailyHabitMutation();
  const [revert, reverting] = useRevertDailyActionableMutation();
  const toast = useToast();
  const noteId = useId();
  const shown = item.isHabit ? habitTodayShown(item.habitToday, today) : null;
  const done = shown ? shown.state === 'done' : item.completedToday || item.status === 'completed';
  const { rootRef, expectChange, settle } = useFocusAfterChange<HTMLLIElement>(`${done}|${shown?.state}|${shown?.canUndo}|${item.openYesterday}`);
  const busy = actionableCompletion.isLoading || habitCompletion.isLoading || undoing.isLoading || backfilling.isLoading || reverting.isLoading;
  // Completed offline: the completion waits on the device (lib/offline), and the row says so instead of offering it again.
  const waiting = useSelector((state: Parameters<typeof selectWaiting>[0]) => selectWaiting(state, item.id));
  const kind = item.isHabit ? 'habit' : 'actionable';

  const takeBack = async () => {
    expectChange();
    const result = await uncomplete(item);
    if ('error' in result) {
      settle();
      if (statusOf(result.error) === 409) return void toast.info(errorMessage(result.error, dashboardFailures.undoHabit), { title: 'Nothing taken back' });
      return void toast.error(failureText(result.error, dashboardFailures.undoHabit));
    }
    toast.info(undoText(result.data.pointsRevoked, result.data.streak), {
      title: `Took back “${item.title}” for ${shortDay(result.data.occurrence)}`,
      key: habitToastKey(item.id),
    });
  };

  // Yesterday left open: one tap records it (half the points, as the Habits page's "Record a missed day" says).
  const recordYesterday = async (date: string) => {
    expectChange();
    const result = await backfill({ habit: item, date });
    if ('error' in result) {
      settle();
      return void toast.error(failureText(result.error, dashboardFailures.backfillHabit));
    }
    toast.success(backfillText(result.data.pointsAwarded, result.data.streak), {
      title: `“${item.title}” recorded for ${shortDay(date)}`,
      key: habitToastKey(item.id),
    });
  };

  const complete = async () => {
    expectChange();
    if (item.isHabit) {
      const result = await completeHabit(item);
      if ('error' in result) {
        settle();
        return void toast.error(failureText(result.error, dashboardFailures.completeHabit));
      }
      return void toast.success(completionText(result.data.pointsAwarded, result.data.streak), {
        title: `“${item.title}” completed`,
        key: habitToastKey(item.id),
        action: { label: 'Undo', run: () => void takeBack() },
      });
    }
    const result = await completeActionable(item);
    if ('error' in result) {
      settle();
      return void toast.error(failureText(result.error, dashboardFailures.completeActionable));
    }
    // Undo, as for a habit: the to-do goes back to the status it had, its points with it (a misclick costs nothing).
    const before = item.status === 'completed' ? 'pending' : item.status;
    toast.success(completionText(result.data.pointsAwarded), {
      title: `“${item.title}” completed`,
      key: todoToastKey(item.id),
      action: { label: 'Undo', run: () => void putBack(before, result.data.actionable.pointsAwarded) },
    });
  };

  /** A to-do completed here by mistake, put back as it was (the completion's toast's Undo), with a toast that completes it again. */
  const putBack = async (status: ActionableStatus, pointsBefore: number) => {
    expectChange();
    const result = await revert({ item, status });
    if ('error' in result) {
      settle();
      return void toast.error(failureText(result.error, dashboardFailures.revertActionable));
    }
    statusPointsToast(toast, `“${item.title}” is to do again`, pointsBefore, result.data.actionable.pointsAwarded, {
      key: todoToastKey(item.id),
      action: { label: 'Complete', run: () => void complete() },
    });
  };

  const notes = shown ? [shown.text, streakNote(item.streak)] : [dueNote(item, today, zone)];
  const offered = shown ? shown.state !== 'done' : !done;
  const blocked = shown !== null && !shown.canComplete;

  return (
    <li ref={rootRef} className={`today-item panel-row${done ? ' today-item--done' : ''}`} data-testid={`today-${item.id}`}>
      <span className={`today-item__kind today-item__kind--${kind}`}>{item.isHabit ? 'Habit' : 'To do'}</span>
      <div className="today-item__text">
        <span className="today-item__title">{item.title}</span>
        <span id={noteId} className={`today-item__meta${isOverdue(item, today, zone) ? ' today-item__meta--overdue' : ''}`}>
          {[...notes, `weight ${item.weight}`].filter(Boolean).join(' · ')}
        </span>
      </div>
      {done && (
        <span className="today-item__done tone-success" data-testid={`today-done-${item.id}`}>
          Done
        </span>
      )}
      {/* A completion or a take-back waiting on the device: the row says so instead of offering either again. */}
      {waiting && <WaitingMark itemId={item.id} testId={`today-waiting-${item.id}`} />}
      {offered && !waiting && (
        // Not scheduled today: still a button (focusable, its reason read with it), but it does nothing.
        <button
          type="button"
          className="button button--success button--small today-item__action"
          aria-label={`Complete ${kind} ${item.title}`}
          aria-describedby={noteId}
          aria-disabled={blocked || busy || undefined}
          aria-busy={actionableCompletion.isLoading || habitCompletion.isLoading || undefined}
          onClick={() => void (!blocked && !busy && complete())}
          {...{ [PRIMARY_ACTION]: '' }}
        >
          {(actionableCompletion.isLoading || habitCompletion.isLoading) && <span className="spinner" aria-hidden="true" />}
          Complete
        </button>
      )}
      {item.openYesterday && !waiting && (
        <button
          type="button"
          className="button button--secondary button--small today-item__action"
          aria-label={`Did it yesterday: record ${shortDay(item.openYesterday)} for habit ${item.title}, for half the points`}
          aria-disabled={busy || undefined}
          aria-busy={backfilling.isLoading || undefined}
          onClick={() => void (!busy && recordYesterday(item.openYesterday!))}
          data-testid={`today-yesterday-${item.id}`}
        >
          {backfilling.isLoading && <span className="spinner" aria-hidden="true" />}
          Did it yesterday
        </button>
      )}
      {shown?.canUndo && !waiting && (
        <button
          type="button"
          className="button button--secondary button--small today-item__action"
          aria-label={
            shown.undoesDay
              ? `Undo ${shortDay(shown.undoesDay)}, the last completion of habit ${item.title}`
              : `Undo the last completion of habit ${item.title}`
          }
          aria-disabled={busy || undefined}
          aria-busy={undoing.isLoading || undefined}
          onClick={() => void (!busy && takeBack())}
          {...(done ? { [PRIMARY_ACTION]: '' } : {})}
        >
          {undoing.isLoading && <span className="spinner" aria-hidden="true" />}
          {/* A day recorded afterwards is the last: the button says it is that day's, not today's. */}
          {shown.undoesDay ? `Undo ${shortDay(shown.undoesDay)}` : 'Undo'}
        </button>
      )}
    </li>
  );
};

/** Today's rows, in the order the status settings and the habits' states give. */
const TodayList = ({ daily: { date, actionables }, zone }: { daily: DailyActionables; zone: string }) => {
  const { arrange } = useStatusSettings();
  // Deleted on this device (its Undo still offered, or the delete on its way): not listed here either.
  const listed = useWithoutDeleted(actionables) ?? [];
  const shown = byHabitToday(arrange(listed), date);
  // Created on this device and not sent yet, as Today will list it once sent: a habit of today's, or a to-do due by today.
  const waiting = useWaitingCreates((create) =>
    create.habit ? habitOnDay(create, date) : create.deadline !== undefined && localDateOf(create.deadline, zone) <= date,
  );
  if (listed.length + waiting.length === 0) return <EmptyStep card="today" />;
  return (
    <>
      {listed.length > 0 && shown.length === 0 && <EmptyNote>Today's items are hidden by your status settings.</EmptyNote>}
      <ul className="today-list" aria-label="Today's actionables and habits">
        {shown.map((item) => (
          <TodayRow key={item.id} item={item} today={date} zone={zone} />
        ))}
        {waiting.map(({ key, habit, title }) => (
          <li key={key} className="today-item panel-row" data-testid="today-waiting-create">
            <span className={`today-item__kind today-item__kind--${habit ? 'habit' : 'actionable'}`}>{habit ? 'Habit' : 'To do'}</span>
            <div className="today-item__text">
              <span className="today-item__title">{title}</span>
            </div>
            <WaitingMark itemId={key} />
          </li>
        ))}
      </ul>
    </>
  );
};

export default TodayList;
