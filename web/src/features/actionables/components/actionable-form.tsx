import { HABIT_START_MAX_DAYS_BACK, type ActionableStatus, type Frequency } from '@tracker/contracts/actionables/http';
import { weekStarts } from '@tracker/contracts/settings/http';
import { useEffect, useState, type FormEvent } from 'react';
import { useFormDraft } from '../../../lib/forms/use-draft.ts';
import { hasProblems } from '../../../components/form/field-checks.ts';
import { errorAt } from '../../../components/form/form-errors.ts';
import { ItemForm, TitleAndDescription, type ItemEditorProps } from '../../../components/form/item-form.tsx';
import { SelectField, type SelectOption } from '../../../components/form/select-field.tsx';
import { ServerErrorAlert } from '../../../components/form/server-error-alert.tsx';
import { TextField, type TextFieldProps } from '../../../components/form/text-field.tsx';
import { useFirstInvalidFocus } from '../../../components/form/use-first-invalid-focus.ts';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { settingsOrDefaults, useGetSettingsQuery } from '../../../lib/settings/settings.api.ts';
import { actionableStatuses, statusLabels } from '../model/actionable-format.ts';
import { actionableFieldLabels, shownFields } from '../model/actionable-fields.ts';
import { earliestStart, formProblems, type ActionableProblems, type ActionableValues } from '../model/actionable-values.ts';
import { RecurrenceEditor } from './recurrence-editor.tsx';
import { useLinkOptions } from '../hooks/use-link-options.ts';
import './actionable-form.css';

const statusOptions: SelectOption[] = actionableStatuses.map((status) => ({ value: status, label: statusLabels[status] }));

const wholeNumber = (min: number, max: number) => ({ type: 'number', inputMode: 'numeric', min, max, step: 1 }) as const;

export interface ActionableFormProps extends ItemEditorProps<ActionableValues> {
  /** A habit's form edits its recurrence instead of a deadline and fixed points. */
  habit: boolean;
  /** The user's zone: the deadline is typed as a wall-clock time there. */
  zone: string;
  /** The user's today: a new habit kept already may start up to 30 days before it. */
  today?: string | undefined;
}

/**
 * Create and edit for actionables and habits. noValidate: the form checks the contract's rules itself
 * (formProblems) and says what is wrong beside each field, in words for people, moving the focus to
 * the first; nothing is sent until they pass. The server's field errors show beside their fields too,
 * and any for a field the form does not show are listed above it with the field's label.
 */
export const ActionableForm = ({ habit, zone, today, ...form }: ActionableFormProps) => {
  const { mode, initial, error, fallback } = form;
  const { values, setValues, itemForm } = useFormDraft(form.draftKey, initial, form.onCancel);
  const { data: settings } = useGetSettingsQuery();
  // N times a week counts weeks from the user's week start; a habit that has weeks already keeps its own.
  const userWeekStart = weekStarts.indexOf(settingsOrDefaults(settings).weekStart);
  const askStart = mode === 'create' && habit && today !== undefined;
  const [problems, setProblems] = useState<ActionableProblems>({});
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
    const found = formProblems(values, habit, zone, askStart ? today : undefined);
    setProblems(found);
    if (hasProblems(found)) return focusFirstInvalid();
    form.onSubmit(values);
  };

  const changeFrequency = (frequency: Frequency) => {
    set('frequency')(frequency);
    if (frequency === 'timesPerWeek' && initial.frequency !== 'timesPerWeek') set('weekStartsOn')(userWeekStart);
  };

  const textField = (
    key: 'weight' | 'deadline' | 'reminderTime' | 'pointsToBeAwarded' | 'startDate',
    label: string,
    control: Omit<TextFieldProps, 'label'>,
  ) => <TextField label={label} name={key} value={values[key]} onChange={(event) => set(key)(event.target.value)} error={messageFor(key)} {...control} />;
  const linkField = (key: 'goalId' | 'taskId' | 'subtaskId', label: string, options: SelectOption[]) => (
    <SelectField label={label} name={key} options={options} value={values[key]} onChange={(event) => set(key)(event.target.value)} error={messageFor(key)} />
  );

  return (
    <ItemForm editor={form} className="act-form" formRef={ref} onSubmit={submit} {...itemForm}>
      {error && (
        <ServerErrorAlert error={error} fallback={fallback} shown={shownFields({ mode, habit, frequency: values.frequency })} labels={actionableFieldLabels} />
      )}
      <TitleAndDescription
        title={values.title}
        description={values.description}
        onTitleChange={set('title')}
        onDescriptionChange={set('description')}
        titleError={messageFor('title')}
        descriptionError={messageFor('description')}
        descriptionRows={2}
      />
      <div className="form__row">
        {textField('weight', 'Weight', { ...wholeNumber(1, 10), required: true, hint: '1 (light) to 10 (heavy)' })}
        {!habit && textField('deadline', 'Deadline', { type: 'datetime-local', hint: `Your time (${zone})` })}
        {textField('reminderTime', 'Reminder time', { type: 'time' })}
        {!habit && textField('pointsToBeAwarded', 'Points to award', { ...wholeNumber(0, 1000), hint: '0 = 10 × weight' })}
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
          values={values}
          onFrequencyChange={changeFrequency}
          onDaysChange={set('days')}
          onDayOfMonthChange={set('dayOfMonth')}
          onEveryNDaysChange={set('everyNDays')}
          onTimesPerWeekChange={set('timesPerWeek')}
          errors={{
            recurrence: errorAt(errors, 'recurrence.frequency'),
            days: messageFor('days', 'recurrence.days'),
            dayOfMonth: messageFor('dayOfMonth', 'recurrence.dayOfMonth'),
            everyNDays: messageFor('everyNDays', 'recurrence.everyNDays'),
            timesPerWeek: messageFor('timesPerWeek', 'recurrence.timesPerWeek'),
          }}
        />
      )}
      {askStart && (
        <div className="form__row">
          {textField('startDate', 'Started on', {
            type: 'date',
            min: earliestStart(today),
            max: today,
            hint: `Started already? The day you began, up to ${HABIT_START_MAX_DAYS_BACK} days back. Blank: it starts today.`,
          })}
        </div>
      )}
      <fieldset className="act-form__links" aria-busy={links.loading || undefined}>
        <legend className="field__label act-form__legend">Linked to</legend>
        <div className="form__row">
          {linkField('goalId', 'Goal', links.goals)}
          {linkField('taskId', 'Task', links.tasks)}
          {linkField('subtaskId', 'Subtask', links.subtasks)}
        </div>
      </fieldset>
    </ItemForm>
  );
};
