import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks.ts';
import { errorMessage, type ApiError } from '../../../lib/api/api-errors.ts';
import { goalsApi, useCompleteSubtaskMutation, useUpdateTaskMutation } from '../api/goals.api.ts';
import { completedTooSentence, openWorkOf } from './goal-completion.ts';

export type OpenWorkOutcome = { completed: { tasks: number; subtasks: number } } | { error: ApiError };

/**
 * 'Complete all': the API has no completion cascade, so the goal's open subtasks are completed one by one
 * (their own call, which awards their points), then its open tasks, before the goal itself. Read fresh,
 * so nothing added since the page loaded is missed. Stops at the first failure.
 */
export const useCompleteOpenWork = (): ((goalId: string) => Promise<OpenWorkOutcome>) => {
  const dispatch = useAppDispatch();
  const [completeSubtask] = useCompleteSubtaskMutation();
  const [updateTask] = useUpdateTaskMutation();
  return async (goalId) => {
    const tasksRead = dispatch(goalsApi.endpoints.getAllTasks.initiate(undefined, { forceRefetch: true }));
    const subtasksRead = dispatch(goalsApi.endpoints.getAllSubtasks.initiate(undefined, { forceRefetch: true }));
    const [tasks, subtasks] = await Promise.all([tasksRead, subtasksRead]);
    tasksRead.unsubscribe();
    subtasksRead.unsubscribe();
    if (!tasks.data) return { error: tasks.error };
    if (!subtasks.data) return { error: subtasks.error };
    const open = openWorkOf(goalId, tasks.data, subtasks.data);
    for (const subtask of open.subtasks) {
      const result = await completeSubtask(subtask);
      if ('error' in result) return { error: result.error };
    }
    for (const task of open.tasks) {
      const result = await updateTask({ item: task, changes: { status: 'completed' } });
      if ('error' in result) return { error: result.error };
    }
    return { completed: { tasks: open.tasks.length, subtasks: open.subtasks.length } };
  };
};

/**
 * The question before completing a goal that has open work: whether it is open, and its answers. 'Complete
 * all' completes the open work first (useCompleteOpenWork), then the goal by `completeGoal`; a failure
 * stays in the dialog.
 */
export const useCompletionQuestion = (goalId: string, completeGoal: () => Promise<string | undefined>, completedToo: (note: string) => void) => {
  const [asking, setAsking] = useState(false);
  const [state, setState] = useState<{ pending: boolean; error?: string | undefined }>({ pending: false });
  const completeOpenWork = useCompleteOpenWork();
  const answer = async (withOpenWork: boolean) => {
    setState({ pending: true });
    let note: string | undefined;
    if (withOpenWork) {
      const outcome = await completeOpenWork(goalId);
      if ('error' in outcome) return setState({ pending: false, error: errorMessage(outcome.error, 'Failed to update task') });
      note = completedTooSentence(outcome.completed.tasks, outcome.completed.subtasks);
    }
    const error = await completeGoal();
    setState({ pending: false, error });
    if (error) return;
    setAsking(false);
    if (note) completedToo(note);
  };
  return {
    asking,
    ...state,
    ask: () => {
      setState({ pending: false });
      setAsking(true);
    },
    cancel: () => setAsking(false),
    completeAll: () => void answer(true),
    completeGoalOnly: () => void answer(false),
  };
};
