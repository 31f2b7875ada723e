import type { WorkItemStatus } from '@tracker/contracts/goals/http';
import { useEffect, useState, type FormEvent } from 'react';
import { useFormDraft } from '../../../lib/forms/use-draft.ts';
import { ItemForm, TitleAndDescription, type ItemEditorProps } from '../../../components/form/item-form.tsx';
import { SelectField, type SelectOption } from '../../../components/form/select-field.tsx';
import { ServerErrorAlert } from '../../../components/form/server-error-alert.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { priorities, workItemStatuses } from '../stores/goals.slice.ts';
import { priorityLabel, statusLabels } from '../model/work-item-format.ts';
import type { WorkItemValues } from '../model/work-item-values.ts';
import './work-item-form.css';

const statusOptions: SelectOption[] = workItemStatuses.map((status) => ({ value: status, label: statusLabels[status] }));
const priorityOptions: SelectOption[] = priorities.map((priority) => ({ value: String(priority), label: priorityLabel(priority) }));

export interface WorkItemFormProps extends ItemEditorProps<WorkItemValues> {
  /** Goals a task can move to; only task edit forms get them. */
  goalOptions?: SelectOption[] | undefined;
}

const shownFields = ['title', 'description', 'priority', 'status', 'dueDate', 'startDate', 'endDate', 'goalId'] as const;
/** How the form names each field in messages it lists (a server error for a field it does not show). */
const fieldLabels = {
  title: 'Title',
  description: 'Description',
  priority: 'Priority',
  status: 'Status',
  dueDate: 'Due date',
  startDate: 'Start date',
  endDate: 'End date',
  goalId: 'Goal',
  taskId: 'Task',
};

/**
 * Create (title, description, priority, due date) and edit (also status, start and end dates, and a
 * task's goal) for every level of the tree; Escape cancels. noValidate: the server's contract is the
 * rule book, and its field errors appear under the fields.
 */
export const WorkItemForm = ({ goalOptions, ...form }: WorkItemFormProps) => {
  const { mode, error, fallback } = form;
  const { values, setValues, itemForm } = useFormDraft(form.draftKey, form.initial, form.onCancel);
  // What opened the form (read while rendering, before the title field takes the focus) gets it back when
  // the form goes and the focus would otherwise fall to the page: after Cancel, Escape, or an edit's save.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && opener?.isConnected) opener.focus();
    },
    [opener],
  );
  const errors = fieldErrors(error);
  const editing = mode === 'edit';
  const set =
    <K extends keyof WorkItemValues>(key: K) =>
    (value: WorkItemValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  const selectField = <K extends 'priority' | 'status' | 'goalId'>(
    key: K,
    label: string,
    options: SelectOption[],
    read: (value: string) => WorkItemValues[K],
    hint?: string,
  ) => (
    <SelectField
      label={label}
      name={key}
      options={options}
      value={String(values[key])}
      onChange={(event) => set(key)(read(event.target.value))}
      hint={hint}
      error={errors[key]}
    />
  );
  const dateField = (key: 'dueDate' | 'startDate' | 'endDate', label: string) => (
    <TextField label={label} type="date" name={key} value={values[key]} onChange={(event) => set(key)(event.target.value)} error={errors[key]} />
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.onSubmit(values);
  };

  return (
    <ItemForm editor={form} className="work-item-form" onSubmit={submit} {...itemForm}>
      {error && <ServerErrorAlert error={error} fallback={fallback} shown={shownFields} labels={fieldLabels} />}
      <TitleAndDescription
        title={values.title}
        description={values.description}
        onTitleChange={set('title')}
        onDescriptionChange={set('description')}
        titleError={errors.title}
        descriptionError={errors.description}
      />
      <div className="form__row">
        {selectField('priority', 'Priority', priorityOptions, Number)}
        {editing && selectField('status', 'Status', statusOptions, (value) => value as WorkItemStatus)}
        {dateField('dueDate', 'Due date')}
      </div>
      {editing && (
        <div className="form__row">
          {dateField('startDate', 'Start date')}
          {dateField('endDate', 'End date')}
          {goalOptions && selectField('goalId', 'Goal', goalOptions, String, 'Moving a task takes its subtasks along.')}
        </div>
      )}
    </ItemForm>
  );
};
