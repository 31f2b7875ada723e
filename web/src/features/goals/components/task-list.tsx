import type { Goal } from '@tracker/contracts/goals/http';
import { useState } from 'react';
import { useAppSelector } from '../../../app/hooks.ts';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { useCreateTaskMutation, useGetGoalTasksQuery } from '../api/goals.api.ts';
import { matchesFilters, selectPriorityFilter, selectStatusFilter } from '../stores/goals.slice.ts';
import { HiddenByFilters, LoadError, LoadingLine } from './list-states.tsx';
import { TaskItem } from './task-item.tsx';
import { PlusIcon } from './work-item-icons.tsx';
import { itemName } from './work-item-format.ts';
import { WorkItemForm } from './work-item-form.tsx';
import { blankValues, createFields, type WorkItemValues } from './work-item-values.ts';

/** A goal's tasks, shown when the goal is expanded, with the form that adds one. */
export const TaskList = ({ goal }: { goal: Goal }) => {
  const { data: tasks, isLoading, error, refetch, isFetching } = useGetGoalTasksQuery(goal.id);
  const statusFilter = useAppSelector(selectStatusFilter);
  const priorityFilter = useAppSelector(selectPriorityFilter);
  const [createTask, creation] = useCreateTaskMutation();
  const [adding, setAdding] = useState(false);
  const goalName = itemName('goal', goal.title);
  const visible = (tasks ?? []).filter((task) => matchesFilters(task, statusFilter, priorityFilter));

  const create = async (values: WorkItemValues) => {
    const result = await createTask({ ...createFields(values), goalId: goal.id });
    if (!('error' in result)) setAdding(false);
  };

  return (
    <section className="children" aria-label={`Tasks of ${goalName}`}>
      <header className="children__header">
        <h4 className="children__title">
          Tasks{tasks && tasks.length > 0 && <span className="children__count">{tasks.length}</span>}
        </h4>
        <button
          type="button"
          className="button button--small button--secondary"
          aria-label={`Add task to ${goalName}`}
          aria-expanded={adding}
          onClick={() => {
            creation.reset();
            setAdding((open) => !open);
          }}
        >
          <PlusIcon />
          Add task
        </button>
      </header>
      {adding && (
        <WorkItemForm
          mode="create"
          name={`New task in ${goal.title}`}
          saveLabel={`Save new task in ${goal.title}`}
          cancelLabel={`Cancel new task in ${goal.title}`}
          initial={blankValues}
          pending={creation.isLoading}
          error={creation.error}
          fallback="Failed to create task"
          onSubmit={(values) => void create(values)}
          onCancel={() => setAdding(false)}
        />
      )}
      {isLoading ? (
        <LoadingLine>Loading tasks…</LoadingLine>
      ) : error && !tasks ? (
        <LoadError message={errorMessage(error, 'Failed to fetch tasks')} onRetry={() => void refetch()} retrying={isFetching} />
      ) : tasks && tasks.length === 0 ? (
        !adding && <p className="children__empty">No tasks yet. Break this goal into steps you can finish.</p>
      ) : (
        <>
          <ul className="work-item-list work-item-list--tasks">
            {visible.map((task) => (
              <TaskItem key={task.id} task={task} />
            ))}
          </ul>
          <HiddenByFilters count={(tasks?.length ?? 0) - visible.length} noun="task" />
        </>
      )}
    </section>
  );
};
