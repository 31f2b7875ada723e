import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks.ts';
import { errorMessage, type ApiError } from '../../../lib/api/api-errors.ts';
import type { Subtask, Task } from '@tracker/contracts/goals/http';
import { goalsApi, useCompleteSubtaskMutation, useUpdateSubtaskMutation, useUpdateTaskMutation } from '../api/goals.api.ts';
import { completedTooSentence, openSubtasksOf, openWorkOf } from '../model/goal-completion.ts';
import { pointsTotal } from '../model/work-item-format.ts';

/** What 'Complete all' completed besides the item: each as it was before (the status an undo puts back), and the points it moved. */
export interface OpenWorkDone {
  tasks: Task[];
  subtasks: Subtask[];
  points: number;
}

export type OpenWorkOutcome = { completed: OpenWorkDone } | { error: ApiError };

/**
 * 'Complete all': the API has no completion cascade, so the goal's open subtasks are completed one by one
 * (their own call, which awards their points), then its open tasks, before the goal itself. Read fresh,
 * so nothing added since the page loaded is missed. Stops at the first failure.
 */
export const useCompleteOpenWork = (): ((goalId: string) => Promise<OpenWorkOutcome>) => {
  const dispatch = useAppDispatch();
  const completeSubtasks = useCompleteSubtasks();
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
    const done = await completeSubtasks(open.subtasks);
    if ('error' in done) return done;
    const { points } = done.completed;
    const completedTasks: Task[] = [];
    let taskPoints = 0;
    for (const task of open.tasks) {
      const result = await updateTask({ item: task, changes: { status: 'completed' } });
      if ('error' in result) return { error: result.error };
      completedTasks.push(task);
      taskPoints += pointsTotal(result.data) - pointsTotal(task);
    }
    return { completed: { tasks: completedTasks, subtasks: open.subtasks, points: points + taskPoints } };
  };
};

/** Completes `subtasks` one by one (their own call, which awards their points); stops at the first failure. */
const useCompleteSubtasks = (): ((subtasks: readonly Subtask[]) => Promise<OpenWorkOutcome>) => {
  const [completeSubtask] = useCompleteSubtaskMutation();
  return async (subtasks) => {
    let points = 0;
    for (const subtask of subtasks) {
      const result = await completeSubtask(subtask);
      if ('error' in result) return { error: result.error };
      points += result.data.pointsAwarded;
    }
    return { completed: { tasks: [], subtasks: [...subtasks], points } };
  };
};

/**
 * Takes back what 'Complete all' completed besides the item: each task, then each subtask, back to the
 * status it had (the server takes back the points they gave): the points that moved, or what went wrong.
 */
export const useReopenOpenWork = (): ((done: OpenWorkDone) => Promise<{ points: number } | { error: string }>) => {
  const [updateTask] = useUpdateTaskMutation();
  const [updateSubtask] = useUpdateSubtaskMutation();
  return async ({ tasks, subtasks }) => {
    let points = 0;
    for (const task of tasks) {
      const completed = { ...task, status: 'completed' as const };
      const result = await updateTask({ item: completed, changes: { status: task.status } });
      if ('error' in result) return { error: errorMessage(result.error, 'Failed to update task') };
      points += pointsTotal(result.data) - pointsTotal(completed);
    }
    for (const subtask of subtasks) {
      const completed = { ...subtask, status: 'completed' as const };
      const result = await updateSubtask({ item: completed, changes: { status: subtask.status } });
      if ('error' in result) return { error: errorMessage(result.error, 'Failed to update subtask') };
      points += pointsTotal(result.data) - pointsTotal(completed);
    }
    return { points };
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
  const completeSubtasks = useCompleteSubtasks();
  return async (taskId) => completeSubtasks(await openSubtasks(taskId));
};

/** What 'Complete all' did besides the item, as its toast tells it (null: nothing was open after all). */
export interface CompletedToo {
  done: OpenWorkDone;
  /** 'Its 2 tasks and 3 subtasks were completed too.' */
  note: string;
}

/**
 * The question before completing a goal or a task that has open work: the question asked (null when none
 * is), and its answers. 'Complete all' completes the open work first, then the item by `completeItem`,
 * which is told what was completed besides (for its toast and its Undo); a failure stays in the dialog.
 */
export const useCompletionQuestion = (kind: 'goal' | 'task', itemId: string, completeItem: (too?: CompletedToo) => Promise<string | undefined>) => {
  const [asking, setAsking] = useState<string | null>(null);
  const [state, setState] = useState<{ pending: boolean; error?: string | undefined }>({ pending: false });
  const completeOpenWork = useCompleteOpenWork();
  const completeOpenSubtasks = useCompleteOpenSubtasks();
  const answer = async (withOpenWork: boolean) => {
    setState({ pending: true });
    let too: CompletedToo | undefined;
    if (withOpenWork) {
      const outcome = await (kind === 'goal' ? completeOpenWork : completeOpenSubtasks)(itemId);
      if ('error' in outcome)
        return setState({ pending: false, error: errorMessage(outcome.error, `Failed to update ${kind === 'goal' ? 'task' : 'subtask'}`) });
      const { completed } = outcome;
      const note = completedTooSentence(completed.tasks.length, completed.subtasks.length);
      if (note) too = { done: completed, note };
    }
    const error = await completeItem(too);
    setState({ pending: false, error });
    if (error) return;
    setAsking(null);
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
