import { useAppSelector } from '../../../app/hooks.ts';
import { WaitingMark } from '../../../components/offline/waiting-mark.tsx';
import { selectWaiting } from '../../../lib/offline/offline.slice.ts';
import type { ActionableStatus } from '@tracker/contracts/actionables/http';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { failureOf, failureText } from '../../../lib/api/failure-text.ts';
import { actionableMessages } from '@tracker/contracts/actionables/http';
import { habitFailures, useCompleteActionableMutation, useUncompleteHabitMutation, useUpdateActionableMutation } from '../api/actionables.api.ts';
import { PRIMARY_ACTION, useFocusAfterChange } from '../../../lib/focus/use-focus-after-change.ts';
import { useFocusWhenBack } from '../../../lib/focus/focus-when-back.ts';
import { habitToastKey, habitTodayShown, shortDay } from '../../../lib/habits/habit-today.ts';
import { itemName, statusLabels } from '../model/actionable-format.ts';
import { pointsLabel, undoText } from '../../../lib/points/points-words.ts';
import { ActionableEditor } from './actionable-editor.tsx';
import { BellIcon, CalendarIcon, FlameIcon, LinkIcon, StarIcon, UndoIcon } from '../../../components/icons/icons.tsx';
import { CompleteButton, ItemActions } from '../../../components/item-actions/item-actions.tsx';
import { PointsWorth } from '../../../components/points-worth/points-worth.tsx';
import { chipClass, DoneMark, type ChipTone } from '../../../components/item-facts/item-facts.tsx';
import type { ShownActionable } from '../transfer/import-parser.ts';
import { formatMomentIn } from '../../../lib/dates/date-format.ts';
import { localDateOf } from '../../../lib/dates/zone-clock.ts';
import { useActionableChanges } from '../hooks/use-actionable-changes.ts';
import { completedToast } from '../../../lib/points/points-toasts.ts';
import { statusPointsToast } from '../../../lib/points/status-points-toast.ts';
import { scheduleInWords } from '../model/habit-schedule.ts';
import './actionable-item.css';
import './item-text.css';
import type { Today } from '../../../lib/settings/use-today.ts';
import { StatusDot } from '../../../components/status-dot/status-dot.tsx';
import { deletionNote } from '../model/deletion-note.ts';

export interface ActionableItemProps {
  item: ShownActionable;
  /** The colour the user's status settings give its status. */
  statusColor?: string | undefined;
  /** The user's today and its zone: a deadline on an earlier day is overdue; moments show in the zone. */
  today: Today;
  /** Titles of the goals, tasks and subtasks it may link to, by id. */
  linkTitles: ReadonlyMap<string, string>;
}

const statusTones: Record<ActionableStatus, ChipTone | undefined> = {
  pending: undefined,
  'in-progress': 'info',
  completed: 'success',
  'not-approached': 'warning',
};

/**
 * One actionable: its facts, complete or revert, edit (inline form) and delete (after a question).
 * Every control's name includes the item ('Complete actionable Buy milk') while its text stays short.
 */
export const ActionableItem = ({ item, statusColor, today: { date: today, timezone: zone }, linkTitles }: ActionableItemProps) => {
  const toast = useToast();
  const [complete, completion] = useCompleteActionableMutation();
  // Completed offline: the completion waits on the device (lib/offline), and the row says so instead of offering it again.
  const waiting = useAppSelector((state) => selectWaiting(state, item.id));
  // Separate instances: a failed revert must not show up as an error in the edit form.
  const [revert, reverting] = useUpdateActionableMutation();
  const [uncompleteHabit, undoing] = useUncompleteHabitMutation();
  const changes = useActionableChanges(item, zone);
  const name = itemName(item.isHabit, item.title);
  const { label, editing } = changes;
  const completed = item.status === 'completed';
  const busy = completion.isLoading || reverting.isLoading || undoing.isLoading;
  const deadline = formatMomentIn(item.deadline, zone);
  const overdue = !completed && item.deadline !== null && localDateOf(item.deadline, zone) < today;

  // A habit stays pending between periods: what matters is whether this period is done (the server's habitToday says),
  // and whether today is one of its days at all (not scheduled: no completion to offer, as on its card).
  const habitShown = item.isHabit ? habitTodayShown(item.habitToday ?? null, today) : null;
  const habitDone = habitShown?.state === 'done';
  const notDueReason = habitShown?.notDueReason;
  const canComplete = !habitDone && !completed && !waiting && notDueReason === undefined;
  // Complete becomes Revert and back: a keyboard user's focus follows to the new button (finding 8).
  const { rootRef, expectChange, settle } = useFocusAfterChange<HTMLLIElement>(`${item.status}|${habitDone}|${waiting}`);
  // A delete undone puts the row back: the focus goes to its first control.
  useFocusWhenBack(item.id, rootRef);
  // One toast per item: a newer one (its undo, the undo's own) replaces it, so an Undo never outlives what it would undo.
  const toastKey = item.isHabit ? habitToastKey(item.id) : `actionable:${item.id}`;

  const completeNow = async () => {
    expectChange();
    const before = item.status;
    const result = await complete(item);
    if ('error' in result) {
      settle();
      const status = result.error && 'status' in result.error ? result.error.status : undefined;
      // Not due (its day changed since the list was read): the server's words say when it is.
      if (failureOf(result.error).code === 'habit_not_due')
        return void toast.info(failureText(result.error, 'Not scheduled today'), { title: `“${item.title}” is not due today` });
      // Done already (another tab or device got there first): good news, not a failure.
      if (status === 409) return void toast.info(failureText(result.error, 'Already completed'), { title: `“${item.title}” is done already` });
      return void toast.error(failureText(result.error, item.isHabit ? 'Failed to complete habit' : 'Failed to complete actionable'));
    }
    completedToast(
      toast,
      `${label} completed`,
      { points: result.data.pointsAwarded, receipt: result.data.receipt, streak: item.isHabit ? result.data.actionable.streak : undefined },
      // Undo: a to-do goes back to the status it had (its points taken back); a habit's completion is taken back.
      {
        key: toastKey,
        action: {
          label: 'Undo',
          run: () => void (item.isHabit ? takeBackHabit() : revertNow(before === 'completed' ? 'pending' : before, result.data.actionable.pointsAwarded)),
        },
      },
    );
  };

  /** `pointsBefore`: what it had earned (the list's row, or the completion's answer when its toast's Undo runs before the list reloads). */
  const revertNow = async (to: ActionableStatus = 'pending', pointsBefore = item.pointsAwarded) => {
    expectChange();
    const result = await revert({ item, changes: { status: to } });
    if ('error' in result) {
      settle();
      return void toast.error(failureText(result.error, 'Failed to update actionable'));
    }
    const title = to === 'pending' ? `${label} reverted to pending` : `${label} back to ${statusLabels[to].toLowerCase()}`;
    statusPointsToast(toast, title, pointsBefore, result.data.pointsAwarded, {
      key: toastKey,
      action: { label: 'Undo', run: () => void completeNow() },
    });
  };

  const takeBackHabit = async () => {
    expectChange();
    const result = await uncompleteHabit(item);
    if ('error' in result) {
      settle();
      const status = result.error && 'status' in result.error ? result.error.status : undefined;
      if (status === 409) return void toast.info(failureText(result.error, actionableMessages.nothingToUndo), { title: 'Nothing taken back' });
      return void toast.error(failureText(result.error, habitFailures.undo));
    }
    toast.info(undoText(result.data.pointsRevoked, result.data.streak), {
      title: `Took back “${item.title}” for ${shortDay(result.data.occurrence)}`,
      key: toastKey,
    });
  };

  if (item.loadProblem) {
    return (
      <li className="act-item act-item--invalid" data-testid={`actionable-${item.id}`}>
        <div className="act-item__row">
          <h3 className="act-item__title">{item.title}</h3>
          <p className="act-item__description item-description">{item.description}</p>
          <p className="item-problem">{item.loadProblem}</p>
        </div>
      </li>
    );
  }

  const links = [
    ['Goal', item.goalId],
    ['Task', item.taskId],
    ['Subtask', item.subtaskId],
  ] as const;

  return (
    <li ref={rootRef} className={`act-item act-item--${item.status}`} data-testid={`actionable-${item.id}`}>
      <div className="act-item__row">
        <h3 className="act-item__title">
          {completed && <DoneMark />}
          {item.title}
        </h3>
        {item.description && <p className="act-item__description item-description">{item.description}</p>}
        <ul className="item-facts act-item__facts" aria-label={`About ${name}`}>
          {/* A done habit stays pending between periods: its chip says what the period is, not "Pending". */}
          {habitDone ? (
            <li className={chipClass('success')} data-testid={`actionable-status-${item.id}`}>
              {statusColor && <StatusDot color={statusColor} />}
              Done for this period
            </li>
          ) : (
            <li className={chipClass(statusTones[item.status])} data-testid={`actionable-status-${item.id}`}>
              {statusColor && <StatusDot color={statusColor} />}
              {statusLabels[item.status]}
            </li>
          )}
          <li className={chipClass()}>Weight {item.weight}</li>
          {item.isHabit && (
            <li className={chipClass('primary')}>
              <FlameIcon />
              Habit · {scheduleInWords(item.recurrence)} · streak {item.streak}
            </li>
          )}
          {notDueReason && (
            <li className={chipClass()} id={`actionable-not-due-${item.id}`} data-testid={`actionable-not-due-${item.id}`}>
              {notDueReason}
            </li>
          )}
          {deadline && (
            <li className={chipClass(overdue ? 'danger' : undefined)}>
              <CalendarIcon />
              {overdue ? `Overdue · ${deadline}` : `Due ${deadline}`}
            </li>
          )}
          {item.reminderTime && (
            <li className={chipClass()}>
              <BellIcon />
              {item.reminderTime}
            </li>
          )}
          {links.map(([kind, id]) =>
            id ? (
              <li key={kind} className={chipClass()}>
                <LinkIcon />
                {kind}: {linkTitles.get(id) ?? '…'}
              </li>
            ) : null,
          )}
          {/* What it earned; an open item that has earned nothing says what it is worth instead (below), not '0 points'. */}
          {(item.pointsAwarded !== 0 || !canComplete) && (
            <li className={chipClass(item.pointsAwarded !== 0 ? 'points' : undefined)} data-testid={`actionable-points-${item.id}`}>
              <StarIcon />
              {pointsLabel(item.pointsAwarded)}
            </li>
          )}
        </ul>
        {/* Before completing: what it would earn now, and how (the server's receipt). */}
        {canComplete && (
          <PointsWorth
            className="act-item__worth"
            source={{
              sourceType: item.isHabit ? 'habit' : 'actionable',
              sourceId: item.id,
              // What the receipt depends on: asked again when one of them changes.
              version: [item.weight, item.pointsToBeAwarded, item.deadline, item.status, item.streak, item.lastCompletedAt, today].join('|'),
            }}
            testId={`actionable-worth-${item.id}`}
          />
        )}
        <ItemActions
          name={name}
          className="act-item__actions"
          editing={editing}
          editButton={changes.editButton}
          onEdit={changes.toggleEditor}
          onDelete={changes.askToDelete}
          iconsOnNarrow
        >
          {habitDone ? (
            waiting && <WaitingMark itemId={item.id} testId={`actionable-waiting-${item.id}`} />
          ) : completed ? (
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => void revertNow()}
              disabled={busy}
              aria-label={`Revert ${name} to pending`}
              {...{ [PRIMARY_ACTION]: '' }}
            >
              {busy ? <span className="spinner" aria-hidden="true" /> : <UndoIcon />}
              Revert
            </button>
          ) : waiting ? (
            <WaitingMark itemId={item.id} testId={`actionable-waiting-${item.id}`} />
          ) : (
            <CompleteButton
              name={name}
              busy={busy}
              onComplete={() => void completeNow()}
              unavailableBecause={notDueReason ? `actionable-not-due-${item.id}` : undefined}
            />
          )}
        </ItemActions>
      </div>
      {editing && (
        <div className="act-item__editor">
          <ActionableEditor item={item} name={name} habit={item.isHabit} zone={zone} changes={changes} />
        </div>
      )}
      {changes.confirming && (
        <ConfirmDialog
          title={`Delete ${label.toLowerCase()} “${item.title}”?`}
          confirmLabel="Delete"
          onConfirm={() => changes.confirmDelete(rootRef.current)}
          onCancel={changes.cancelDelete}
        >
          <p>It disappears from your lists. {deletionNote(item)}</p>
        </ConfirmDialog>
      )}
    </li>
  );
};
