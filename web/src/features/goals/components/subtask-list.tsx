import type { Task } from '@tracker/contracts/goals/http';
import { useState } from 'react';
import { useAppSelector } from '../../../app/hooks.ts';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { useCreateSubtaskMutation, useGetTaskSubtasksQuery } from '../api/goals.api.ts';
import { matchesFilters, selectPriorityFilter, selectStatusFilter } from '../stores/goals.slice.ts';
import { HiddenByFilters, LoadError, LoadingLine } from './list-states.tsx';
import { SubtaskItem } from './subtask-item.tsx';
import { PlusIcon } from './work-item-icons.tsx';
import { itemName } from './work-item-format.ts';
import { WorkItemForm } from './work-item-form.tsx';
import { blankValues, createFields, type WorkItemValues } from './work-item-values.ts';

/** A task's subtasks, shown when the task is expanded, with the form that adds one. */
export const SubtaskList = ({ task }: { task: Task }) => {
  const { data: subtasks, isLoading, error, refetch, isFetching } = useGetTaskSubtasksQuery(task.id);
  const statusFilter = useAppSelector(selectStatusFilter);
  const priorityFilter = useAppSelector(selectPriorityFilter);
  const [createSubtask, creation] = useCreateSubtaskMutation();
  const [adding, setAdding] = useState(false);
  const taskName = itemName('task', task.title);
  const visible = (subtasks ?? []).filter((subtask) => matchesFilters(subtask, statusFilter, priorityFilter));

  const create = async (values: WorkItemValues) => {
    const result = await createSubtask({ ...createFields(values), taskId: task.id });
    if (!('error' in result)) setAdding(false);
  };

  return (
    <section className="children children--subtasks" aria-label={`Subtasks of ${taskName}`}>
      <header className="children__header">
        <h5 className="children__title">
          Subtasks{subtasks && subtasks.length > 0 && <span className="children__count">{subtasks.length}</span>}
        </h5>
        <button
          type="button"
          className="button button--small button--secondary"
          aria-label={`Add subtask to ${taskName}`}
          aria-expanded={adding}
          onClick={() => {
            creation.reset();
            setAdding((open) => !open);
          }}
        >
          <PlusIcon />
          Add subtask
        </button>
      </header>
      {adding && (
        <WorkItemForm
          mode="create"
          name={`New subtask in ${task.title}`}
          saveLabel={`Save new subtask in ${task.title}`}
          cancelLabel={`Cancel new subtask in ${task.title}`}
          initial={blankValues}
          pending={creation.isLoading}
          error={creation.error}
          fallback="Failed to create subtask"
          onSubmit={(values) => void create(values)}
          onCancel={() => setAdding(false)}
        />
      )}
      {isLoading ? (
        <LoadingLine>Loading subtasks…</LoadingLine>
      ) : error && !subtasks ? (
        <LoadError message={errorMessage(error, 'Failed to fetch subtasks')} onRetry={() => void refetch()} retrying={isFetching} />
      ) : subtasks && subtasks.length === 0 ? (
        !adding && <p className="children__empty">No subtasks yet.</p>
      ) : (
        <>
          <ul className="work-item-list work-item-list--subtasks">
            {visible.map((subtask) => (
              <SubtaskItem key={subtask.id} subtask={subtask} />
            ))}
          </ul>
          <HiddenByFilters count={(subtasks?.length ?? 0) - visible.length} noun="subtask" />
        </>
      )}
    </section>
  );
};
