import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks.ts';
import { errorMessage, type ApiError } from '../../../lib/api/api-errors.ts';
import { goalsApi, useCompleteSubtaskMutation, useUpdateTaskMutation } from '../api/goals.api.ts';
import { completedTooSentence, openSubtasksOf, openWorkOf } from '../model/goal-completion.ts';

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

/** A task's open subtasks, read fresh; none when they cannot be read (completing the task is not held up). */
export const useOpenSubtasks = () => {
  const dispatch = useAppDispatch();
  return async (taskId: string) => {
    const read = dispatch(goalsApi.endpoints.getTaskSubtasks.initiate(taskId, { forceRefetch: true }));
    const subtasks = await read;
    read.unsubscribe();
    return openSubtasksOf(taskId, subtasks.data ?? []);
  };
};

/** 'Complete all' for a task: its open subtasks, one by one (their own call, which awards their points). */
export const useCompleteOpenSubtasks = (): ((taskId: string) => Promise<OpenWorkOutcome>) => {
  const openSubtasks = useOpenSubtasks();
  const [completeSubtask] = useCompleteSubtaskMutation();
  return async (taskId) => {
    const open = await openSubtasks(taskId);
    for (const subtask of open) {
      const result = await completeSubtask(subtask);
      if ('error' in result) return { error: result.error };
    }
    return { completed: { tasks: 0, subtasks: open.length } };
  };
};

/**
 * The question before completing a goal or a task that has open work: the question asked (null when none
 * is), and its answers. 'Complete all' completes the open work first, then the item by `completeItem`; a
 * failure stays in the dialog.
 */
export const useCompletionQuestion = (
  kind: 'goal' | 'task',
  itemId: string,
  completeItem: () => Promise<string | undefined>,
  completedToo: (note: string) => void,
) => {
  const [asking, setAsking] = useState<string | null>(null);
  const [state, setState] = useState<{ pending: boolean; error?: string | undefined }>({ pending: false });
  const completeOpenWork = useCompleteOpenWork();
  const completeOpenSubtasks = useCompleteOpenSubtasks();
  const answer = async (withOpenWork: boolean) => {
    setState({ pending: true });
    let note: string | undefined;
    if (withOpenWork) {
      const outcome = await (kind === 'goal' ? completeOpenWork : completeOpenSubtasks)(itemId);
      if ('error' in outcome)
        return setState({ pending: false, error: errorMessage(outcome.error, `Failed to update ${kind === 'goal' ? 'task' : 'subtask'}`) });
      note = completedTooSentence(outcome.completed.tasks, outcome.completed.subtasks);
    }
    const error = await completeItem();
    setState({ pending: false, error });
    if (error) return;
    setAsking(null);
    if (note) completedToo(note);
  };
  return {
    asking,
    ...state,
    /** Asks `question` ('It still has 2 open subtasks.'). */
    ask: (question: string) => {
      setState({ pending: false });
      setAsking(question);
    },
    cancel: () => setAsking(null),
    completeAll: () => void answer(true),
    completeItemOnly: () => void answer(false),
  };
};
