import type { ActionableStatus, Frequency } from '@tracker/contracts/actionables/http';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { hasProblems } from '../../../components/form/field-checks.ts';
import { errorAt } from '../../../components/form/form-errors.ts';
import { SelectField, type SelectOption } from '../../../components/form/select-field.tsx';
import { ServerErrorAlert } from '../../../components/form/server-error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useFirstInvalidFocus } from '../../../components/form/use-first-invalid-focus.ts';
import { fieldErrors, type ApiError } from '../../../lib/api/api-errors.ts';
import { actionableStatuses, statusLabels } from '../model/actionable-format.ts';
import { actionableFieldLabels, shownFields } from '../model/actionable-fields.ts';
import { formProblems, type ActionableProblems, type ActionableValues } from '../model/actionable-values.ts';
import { RecurrenceEditor } from './recurrence-editor.tsx';
import { useLinkOptions } from '../hooks/use-link-options.ts';
import './actionable-form.css';

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

/**
 * Create and edit for actionables and habits. noValidate: the form checks the contract's rules itself
 * (formProblems) and says what is wrong beside each field, in words for people, moving the focus to
 * the first; nothing is sent until they pass. The server's field errors show beside their fields too,
 * and any for a field the form does not show are listed above it with the field's label. Escape cancels.
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
  const [problems, setProblems] = useState<ActionableProblems>({});
  const headingId = useId();
  const links = useLinkOptions(initial);
  const { ref, focusFirstInvalid } = useFirstInvalidFocus();
  const errors = fieldErrors(error);
  // The form's own check first: it is about what is typed now; the server's answer is about what was sent.
  const messageFor = (key: keyof ActionableValues, serverField: string = key) => problems[key] ?? errorAt(errors, serverField);
  const set =
    <K extends keyof ActionableValues>(key: K) =>
    (value: ActionableValues[K]) => {
      setValues((current) => ({ ...current, [key]: value }));
      setProblems(({ [key]: _fixed, ...rest }) => rest);
    };

  // A refusal naming fields takes the focus to the first of them, as the form's own check does.
  useEffect(() => {
    if (Object.keys(fieldErrors(error)).length > 0) focusFirstInvalid();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [error]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = formProblems(values, habit, zone);
    setProblems(found);
    if (hasProblems(found)) return focusFirstInvalid();
    onSubmit(values);
  };
  const escape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      onCancel();
    }
  };

  const linkField = (key: 'goalId' | 'taskId' | 'subtaskId', label: string, options: SelectOption[]) => (
    <SelectField label={label} name={key} options={options} value={values[key]} onChange={(event) => set(key)(event.target.value)} error={messageFor(key)} />
  );

  return (
    <form ref={ref} className="form act-form" onSubmit={submit} onKeyDown={escape} noValidate aria-labelledby={headingId}>
      <p id={headingId} className="act-form__title">
        {name}
      </p>
      {error && (
        <ServerErrorAlert error={error} fallback={fallback} shown={shownFields({ mode, habit, frequency: values.frequency })} labels={actionableFieldLabels} />
      )}
      <TextField
        label="Title"
        name="title"
        required
        maxLength={200}
        autoFocus
        autoComplete="off"
        value={values.title}
        onChange={(event) => set('title')(event.target.value)}
        error={messageFor('title')}
      />
      <TextAreaField
        label="Description"
        name="description"
        maxLength={5000}
        rows={2}
        value={values.description}
        onChange={(event) => set('description')(event.target.value)}
        error={messageFor('description')}
      />
      <div className="form__row">
        <TextField
          label="Weight"
          type="number"
          inputMode="numeric"
          min={1}
          max={10}
          step={1}
          name="weight"
          required
          value={values.weight}
          onChange={(event) => set('weight')(event.target.value)}
          hint="1 (light) to 10 (heavy)"
          error={messageFor('weight')}
        />
        {!habit && (
          <TextField
            label="Deadline"
            type="datetime-local"
            name="deadline"
            value={values.deadline}
            onChange={(event) => set('deadline')(event.target.value)}
            hint={`Your time (${zone})`}
            error={messageFor('deadline')}
          />
        )}
        <TextField
          label="Reminder time"
          type="time"
          name="reminderTime"
          value={values.reminderTime}
          onChange={(event) => set('reminderTime')(event.target.value)}
          error={messageFor('reminderTime')}
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
            error={messageFor('pointsToBeAwarded')}
          />
        )}
        {mode === 'edit' && !habit && (
          <SelectField
            label="Status"
            name="status"
            options={statusOptions}
            value={values.status}
            onChange={(event) => set('status')(event.target.value as ActionableStatus)}
            error={messageFor('status')}
          />
        )}
      </div>
      {habit && (
        <RecurrenceEditor
          frequency={values.frequency}
          days={values.days}
          dayOfMonth={values.dayOfMonth}
          onFrequencyChange={(frequency: Frequency) => set('frequency')(frequency)}
          onDaysChange={set('days')}
          onDayOfMonthChange={set('dayOfMonth')}
          errors={{
            recurrence: errorAt(errors, 'recurrence.frequency'),
            days: messageFor('days', 'recurrence.days'),
            dayOfMonth: messageFor('dayOfMonth', 'recurrence.dayOfMonth'),
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
