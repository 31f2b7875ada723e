import type { ActionableStatus, Frequency } from '@tracker/contracts/actionables/http';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SelectField, type SelectOption } from '../../../components/form/select-field.tsx';
import { ServerErrorAlert } from '../../../components/form/server-error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { fieldErrors, unshownFieldErrors, type ApiError } from '../../../lib/api/api-errors.ts';
import { actionableStatuses, statusLabels } from './actionable-format.ts';
import { formProblems, type ActionableValues } from './actionable-values.ts';
import { RecurrenceEditor } from './recurrence-editor.tsx';
import { useLinkOptions } from './use-link-options.ts';
import './actionable-form.css';

const weightOptions: SelectOption[] = Array.from({ length: 10 }, (_, index) => String(index + 1));
const statusOptions: SelectOption[] = actionableStatuses.map((status) => ({ value: status, label: statusLabels[status] }));

export interface ActionableFormProps {
  mode: 'create' | 'edit';
  /** A habit's form edits its recurrence instead of a deadline and fixed points. */
  habit: boolean;
  /** The form's heading and accessible name, e.g. 'New actionable' or 'Edit habit Read'. */
  name: string;
  /** Full button names ('Save habit Read'): several forms can be open at once. */
  saveLabel: string;
  cancelLabel: string;
  initial: ActionableValues;
  /** The user's zone: the deadline is typed as a wall-clock time there. */
  zone: string;
  pending: boolean;
  error: ApiError;
  /** spec.md §8 text shown when the server gives no message, e.g. 'Failed to create habit'. */
  fallback: string;
  onSubmit: (values: ActionableValues) => void;
  onCancel: () => void;
}

const shownFields = [
  'title',
  'description',
  'weight',
  'deadline',
  'reminderTime',
  'pointsToBeAwarded',
  'status',
  'goalId',
  'taskId',
  'subtaskId',
  'recurrence',
  'recurrence.frequency',
  'recurrence.days',
  'recurrence.dayOfMonth',
] as const;

/**
 * Create and edit for actionables and habits. noValidate: the server's contract is the rule book,
 * and its field errors appear under the fields; the form itself only insists on a weekday for a
 * weekly habit. Escape cancels.
 */
export const ActionableForm = ({
  mode,
  habit,
  name,
  saveLabel,
  cancelLabel,
  initial,
  zone,
  pending,
  error,
  fallback,
  onSubmit,
  onCancel,
}: ActionableFormProps) => {
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<ReturnType<typeof formProblems>>({});
  const headingId = useId();
  const links = useLinkOptions(initial);
  const errors = fieldErrors(error);
  const others = unshownFieldErrors(errors, shownFields);
  const set =
    <K extends keyof ActionableValues>(key: K) =>
    (value: ActionableValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = formProblems(values, habit);
    setProblems(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };
  const escape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      onCancel();
    }
  };

  const linkField = (key: 'goalId' | 'taskId' | 'subtaskId', label: string, options: SelectOption[]) => (
    <SelectField label={label} name={key} options={options} value={values[key]} onChange={(event) => set(key)(event.target.value)} error={errors[key]} />
  );

  return (
    <form className="form act-form" onSubmit={submit} onKeyDown={escape} noValidate aria-labelledby={headingId}>
      <p id={headingId} className="act-form__title">
        {name}
      </p>
      {error && <ServerErrorAlert error={error} fallback={fallback} others={others} />}
      <TextField
        label="Title"
        name="title"
        required
        maxLength={200}
        autoFocus
        autoComplete="off"
        value={values.title}
        onChange={(event) => set('title')(event.target.value)}
        error={errors.title}
      />
      <TextAreaField
        label="Description"
        name="description"
        maxLength={5000}
        rows={2}
        value={values.description}
        onChange={(event) => set('description')(event.target.value)}
        error={errors.description}
      />
      <div className="form__row">
        <SelectField
          label="Weight"
          name="weight"
          options={weightOptions}
          value={values.weight}
          onChange={(event) => set('weight')(event.target.value)}
          hint="1 (light) to 10 (heavy)"
          error={errors.weight}
        />
        {!habit && (
          <TextField
            label="Deadline"
            type="datetime-local"
            name="deadline"
            value={values.deadline}
            onChange={(event) => set('deadline')(event.target.value)}
            hint={`Your time (${zone})`}
            error={errors.deadline}
          />
        )}
        <TextField
          label="Reminder time"
          type="time"
          name="reminderTime"
          value={values.reminderTime}
          onChange={(event) => set('reminderTime')(event.target.value)}
          error={errors.reminderTime}
        />
        {!habit && (
          <TextField
            label="Points to award"
            type="number"
            inputMode="numeric"
            min={0}
            max={1000}
            step={1}
            name="pointsToBeAwarded"
            value={values.pointsToBeAwarded}
            onChange={(event) => set('pointsToBeAwarded')(event.target.value)}
            hint="0 = 10 × weight"
            error={errors.pointsToBeAwarded}
          />
        )}
        {mode === 'edit' && !habit && (
          <SelectField
            label="Status"
            name="status"
            options={statusOptions}
            value={values.status}
            onChange={(event) => set('status')(event.target.value as ActionableStatus)}
            error={errors.status}
          />
        )}
      </div>
      {habit && (
        <RecurrenceEditor
          frequency={values.frequency}
          days={values.days}
          dayOfMonth={values.dayOfMonth}
          onFrequencyChange={(frequency: Frequency) => set('frequency')(frequency)}
          onDaysChange={(days) => {
            set('days')(days);
            if (days.length > 0) setProblems({});
          }}
          onDayOfMonthChange={set('dayOfMonth')}
          errors={{
            recurrence: errors.recurrence ?? errors['recurrence.frequency'],
            days: problems.days ?? errors['recurrence.days'],
            dayOfMonth: errors['recurrence.dayOfMonth'],
          }}
        />
      )}
      <fieldset className="act-form__links" aria-busy={links.loading || undefined}>
        <legend className="field__label act-form__legend">Linked to</legend>
        <div className="form__row">
          {linkField('goalId', 'Goal', links.goals)}
          {linkField('taskId', 'Task', links.tasks)}
          {linkField('subtaskId', 'Subtask', links.subtasks)}
        </div>
      </fieldset>
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} aria-label={cancelLabel}>
          Cancel
        </button>
        <SubmitButton pending={pending} aria-label={saveLabel}>
          Save
        </SubmitButton>
      </div>
    </form>
  );
};
