import { actionableMessages } from '@tracker/contracts/actionables/http';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { failureText } from '../../../components/form/form-errors.ts';
import { useCompleteHabitMutation } from '../api/actionables.api.ts';
import { itemName, pointsLabel } from '../model/actionable-format.ts';
import { ActionableEditor } from './actionable-editor.tsx';
import { HabitHistory } from './habit-history.tsx';
import { periodState, scheduleInWords } from '../model/habit-schedule.ts';
import { BellIcon, CheckIcon, FlameIcon, StarIcon } from '../../../components/icons/icons.tsx';
import { ItemActions } from '../../../components/item-actions/item-actions.tsx';
import type { ShownActionable } from '../transfer/import-parser.ts';
import { useActionableChanges } from '../hooks/use-actionable-changes.ts';
import { completedToast } from '../model/points-toast.ts';
import './habit-card.css';

/** One habit: its schedule, streak, whether today's period is done, the last weeks, and its actions. */
export const HabitCard = ({ habit, today, zone }: { habit: ShownActionable; today: string; zone: string }) => {
  const toast = useToast();
  const [complete, completion] = useCompleteHabitMutation();
  const changes = useActionableChanges(habit, zone, true);
  const name = itemName(true, habit.title);

  if (habit.loadProblem) {
    return (
      <li className="habit-card habit-card--invalid" data-testid={`habit-${habit.id}`}>
        <h3 className="habit-card__title">{habit.title}</h3>
        <p className="habit-card__description">{habit.description}</p>
        <p className="habit-card__problem">{habit.loadProblem}</p>
      </li>
    );
  }

  const period = periodState(habit, today, zone);

  const completeToday = async () => {
    const result = await complete(habit);
    if ('error' in result) {
      const status = result.error && 'status' in result.error ? result.error.status : undefined;
      // Done already (another tab or device got there first): good news, not a failure.
      if (status === 409)
        return void toast.info(failureText(result.error, actionableMessages.habitAlreadyCompleted), { title: `“${habit.title}” is done already` });
      return void toast.error(failureText(result.error, 'Failed to complete habit'));
    }
    completedToast(toast, 'Habit completed', result.data.pointsAwarded, result.data.streak);
  };

  return (
    <li className={`habit-card${period.done ? ' habit-card--done' : ''}${habit.active ? '' : ' habit-card--paused'}`} data-testid={`habit-${habit.id}`}>
      <div className="habit-card__head">
        <h3 className="habit-card__title">{habit.title}</h3>
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
      {habit.description && <p className="habit-card__description">{habit.description}</p>}
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
        <div className={`habit-card__stat habit-card__stat--${period.done ? 'done' : 'due'}`} data-testid={`habit-today-${habit.id}`}>
          <dt>This period</dt>
          <dd>{habit.active ? period.text : 'Paused'}</dd>
        </div>
      </dl>
      <HabitHistory habit={habit} today={today} testId={`habit-history-${habit.id}`} />
      <ItemActions name={name} editing={changes.editing} editButton={changes.editButton} onEdit={changes.toggleEditor} onDelete={changes.askToDelete}>
        {!period.done && habit.active && (
          <button type="button" className="button button--small button--success" onClick={() => void completeToday()} disabled={completion.isLoading}>
            {completion.isLoading ? <span className="spinner" aria-hidden="true" /> : <CheckIcon />}
            {/* The name 'Complete habit Read today' comes from the text, so it holds what is seen ('Complete today');
                one span, so the button's flex gap does not fall between the words. */}
            <span>
              Complete<span className="visually-hidden"> {name}</span> today
            </span>
          </button>
        )}
      </ItemActions>
      {changes.editing && <ActionableEditor item={habit} name={name} habit zone={zone} changes={changes} />}
      {changes.confirming && (
        <ConfirmDialog
          title={`Delete habit “${habit.title}”?`}
          confirmLabel="Delete"
          pending={changes.removal.isLoading}
          error={changes.removal.error ? failureText(changes.removal.error, 'Failed to delete actionable') : undefined}
          onConfirm={() => void changes.confirmDelete()}
          onCancel={changes.cancelDelete}
        >
          <p>Its streak ends here. The points it earned stay in your history.</p>
        </ConfirmDialog>
      )}
    </li>
  );
};
