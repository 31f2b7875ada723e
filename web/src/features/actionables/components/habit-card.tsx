import { useAppSelector } from '../../../app/hooks.ts';
import { WaitingMark } from '../../../components/offline/waiting-mark.tsx';
import { selectWaiting } from '../../../lib/offline/offline.slice.ts';
import { actionableMessages } from '@tracker/contracts/actionables/http';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { failureText } from '../../../lib/api/failure-text.ts';
import { PRIMARY_ACTION, useFocusAfterChange } from '../../../lib/focus/use-focus-after-change.ts';
import { useFocusWhenBack } from '../../../lib/focus/focus-when-back.ts';
import { habitFailures, useCompleteHabitMutation, useUncompleteHabitMutation } from '../api/actionables.api.ts';
import { itemName } from '../model/actionable-format.ts';
import { pointsLabel, undoText } from '../../../lib/points/points-words.ts';
import { ActionableEditor } from './actionable-editor.tsx';
import { HabitHistory } from './habit-history.tsx';
import { scheduleInWords } from '../model/habit-schedule.ts';
import { habitToastKey, habitTodayShown, shortDay } from '../../../lib/habits/habit-today.ts';
import { BellIcon, CalendarIcon, CheckIcon, FlameIcon, StarIcon, UndoIcon } from '../../../components/icons/icons.tsx';
import { ItemActions } from '../../../components/item-actions/item-actions.tsx';
import type { ShownActionable } from '../transfer/import-parser.ts';
import { useActionableChanges } from '../hooks/use-actionable-changes.ts';
import { completedToast } from '../../../lib/points/points-toasts.ts';
import { PointsWorth } from '../../../components/points-worth/points-worth.tsx';
import { RecordMissedDay } from './record-missed-day.tsx';
import './habit-card.css';
import './item-text.css';
import { deletionNote } from '../model/deletion-note.ts';

const statusOf = (error: unknown): unknown => (error && typeof error === 'object' && 'status' in error ? error.status : undefined);

/**
 * One habit: its schedule, streak, what a completion does today (from the server's habitToday, shown
 * before the click), the last weeks, and its actions: complete, undo, record a missed day, edit, delete.
 */
export const HabitCard = ({ habit, today, zone }: { habit: ShownActionable; today: string; zone: string }) => {
  const toast = useToast();
  const [complete, completion] = useCompleteHabitMutation();
  // Completed offline: the completion waits on the device (lib/offline), and the card says so instead of offering it again.
  const waiting = useAppSelector((state) => selectWaiting(state, habit.id));
  const [uncomplete, undoing] = useUncompleteHabitMutation();
  const [recording, setRecording] = useState(false);
  const changes = useActionableChanges(habit, zone, true);
  const name = itemName(true, habit.title);
  const todayId = useId();
  const shown = habitTodayShown(habit.habitToday, today);
  const { rootRef, expectChange, settle } = useFocusAfterChange<HTMLLIElement>(`${shown?.state}|${shown?.canUndo}|${habit.habitToday?.doneInPeriod}`);
  // A delete undone puts the row back: the focus goes to its first control.
  useFocusWhenBack(habit.id, rootRef);

  if (habit.loadProblem) {
    return (
      <li className="habit-card habit-card--invalid" data-testid={`habit-${habit.id}`}>
        <h3 className="habit-card__title">{habit.title}</h3>
        <p className="item-description">{habit.description}</p>
        <p className="item-problem">{habit.loadProblem}</p>
      </li>
    );
  }

  const done = shown?.state === 'done';
  const busy = completion.isLoading || undoing.isLoading;

  const takeBack = async () => {
    expectChange();
    const result = await uncomplete(habit);
    if ('error' in result) {
      settle();
      // Nothing to take back (another tab did) or too late: the server's words say which.
      if (statusOf(result.error) === 409) return void toast.info(failureText(result.error, actionableMessages.nothingToUndo), { title: 'Nothing taken back' });
      return void toast.error(failureText(result.error, habitFailures.undo));
    }
    toast.info(undoText(result.data.pointsRevoked, result.data.streak), {
      title: `Took back “${habit.title}” for ${shortDay(result.data.occurrence)}`,
      key: habitToastKey(habit.id),
    });
  };

  const completeToday = async () => {
    expectChange();
    const result = await complete(habit);
    if ('error' in result) {
      settle();
      // Done already (another tab or device got there first): good news, not a failure.
      if (statusOf(result.error) === 409)
        return void toast.info(failureText(result.error, actionableMessages.habitAlreadyCompleted), { title: `“${habit.title}” is done already` });
      return void toast.error(failureText(result.error, habitFailures.complete));
    }
    completedToast(
      toast,
      `“${habit.title}” completed`,
      { points: result.data.pointsAwarded, receipt: result.data.receipt, streak: result.data.streak },
      { key: habitToastKey(habit.id), action: { label: 'Undo', run: () => void takeBack() } },
    );
  };

  const todayLine = habit.active ? (shown?.text ?? '') : 'Paused';

  return (
    <li ref={rootRef} className={`habit-card${done ? ' habit-card--done' : ''}${habit.active ? '' : ' habit-card--paused'}`} data-testid={`habit-${habit.id}`}>
      <div className="habit-card__head">
        <h3 className="habit-card__title">
          {/* Its page: the habit's year, best streak and completion rates. */}
          <Link to={`/habits/${encodeURIComponent(habit.id)}`}>{habit.title}</Link>
        </h3>
        <p className="habit-card__schedule" data-testid={`habit-schedule-${habit.id}`}>
          {scheduleInWords(habit.recurrence)}
          {habit.reminderTime && (
            <span className="habit-card__reminder">
              <BellIcon />
              {habit.reminderTime}
            </span>
          )}
        </p>
      </div>
      {habit.description && <p className="item-description">{habit.description}</p>}
      <dl className="habit-card__stats">
        <div className="habit-card__stat habit-card__stat--streak" data-testid={`habit-streak-${habit.id}`}>
          <dt>
            <FlameIcon />
            Streak
          </dt>
          <dd>{habit.streak}</dd>
        </div>
        <div className="habit-card__stat" data-testid={`habit-points-${habit.id}`}>
          <dt>
            <StarIcon />
            Points
          </dt>
          <dd>{pointsLabel(habit.pointsAwarded)}</dd>
        </div>
        <div className={`habit-card__stat habit-card__stat--today habit-card__stat--${shown?.state ?? 'due'}`} data-testid={`habit-today-${habit.id}`}>
          <dt>Today</dt>
          <dd id={todayId}>{todayLine}</dd>
        </div>
      </dl>
      <HabitHistory habit={habit} today={today} testId={`habit-history-${habit.id}`} />
      {/* Before completing: what today's completion would earn, and how (the server's receipt). */}
      {!waiting && habit.active && shown?.canComplete && (
        <PointsWorth
          source={{ sourceType: 'habit', sourceId: habit.id, version: [habit.weight, habit.streak, habit.lastCompletedAt, shown.state, today].join('|') }}
          testId={`habit-worth-${habit.id}`}
        />
      )}
      <ItemActions name={name} editing={changes.editing} editButton={changes.editButton} onEdit={changes.toggleEditor} onDelete={changes.askToDelete}>
        {waiting && <WaitingMark itemId={habit.id} testId={`habit-waiting-${habit.id}`} />}
        {!waiting && habit.active && shown && shown.state !== 'done' && (
          // Not scheduled today: still a button (focusable, its reason read with it), but it does nothing.
          <button
            type="button"
            className="button button--small button--success"
            onClick={() => void (shown.canComplete && !busy && completeToday())}
            aria-disabled={!shown.canComplete || busy || undefined}
            aria-busy={completion.isLoading || undefined}
            aria-describedby={todayId}
            {...{ [PRIMARY_ACTION]: '' }}
          >
            {completion.isLoading ? <span className="spinner" aria-hidden="true" /> : <CheckIcon />}
            {/* The name 'Complete habit Read today' comes from the text, so it holds what is seen ('Complete today');
                one span, so the button's flex gap does not fall between the words. */}
            <span>
              Complete<span className="visually-hidden"> {name}</span> today
            </span>
          </button>
        )}
        {shown?.canUndo && !waiting && (
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => void (!busy && takeBack())}
            aria-disabled={busy || undefined}
            aria-busy={undoing.isLoading || undefined}
            // A day recorded afterwards is the last: the button says it is that day's, not today's.
            aria-label={shown.undoesDay ? `Undo ${shortDay(shown.undoesDay)}, the last completion of ${name}` : undefined}
            {...(done ? { [PRIMARY_ACTION]: '' } : {})}
          >
            {undoing.isLoading ? <span className="spinner" aria-hidden="true" /> : <UndoIcon />}
            <span>
              {shown.undoesDay ? (
                `Undo ${shortDay(shown.undoesDay)}`
              ) : (
                <>
                  Undo<span className="visually-hidden"> the last completion of {name}</span>
                </>
              )}
            </span>
          </button>
        )}
      </ItemActions>
      {habit.active && (
        <button type="button" className="button button--small button--ghost habit-card__record" onClick={() => setRecording(true)}>
          <CalendarIcon />
          <span>
            Record a missed day<span className="visually-hidden"> of {name}</span>
          </span>
        </button>
      )}
      {recording && <RecordMissedDay habit={habit} today={today} onClose={() => setRecording(false)} />}
      {changes.editing && <ActionableEditor item={habit} name={name} habit zone={zone} changes={changes} />}
      {changes.confirming && (
        <ConfirmDialog
          title={`Delete habit “${habit.title}”?`}
          confirmLabel="Delete"
          onConfirm={() => changes.confirmDelete(rootRef.current)}
          onCancel={changes.cancelDelete}
        >
          <p>{deletionNote(habit)}</p>
        </ConfirmDialog>
      )}
    </li>
  );
};
