import type { UnknownAction } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query';
import type { CreateGoalBody, CreateSubtaskBody, CreateTaskBody, Goal, GoalProgress, Subtask, Task, UpdateTaskBody } from '@tracker/contracts/goals/http';
import type { RootState } from '../../../app/store.ts';
import type { ApiError } from '../../../lib/api/api-errors.ts';
import {
  useCompleteSubtaskMutation,
  useCreateGoalMutation,
  useCreateSubtaskMutation,
  useCreateTaskMutation,
  useGetGoalsQuery,
  useGetGoalTasksQuery,
  useGetTaskSubtasksQuery,
  useUpdateGoalMutation,
  useUpdateSubtaskMutation,
  useUpdateTaskMutation,
  type ItemUpdate,
} from '../api/goals.api.ts';
import { goalSelected, selectSelectedGoalId, selectSelectedSubtaskId, selectSelectedTaskId, subtaskSelected, taskSelected } from '../stores/goals.slice.ts';
import type { WorkItemKind } from '../types/work-item-kind.ts';
import type { createFields } from './work-item-values.ts';

export interface ItemOf {
  goal: Goal;
  task: Task;
  subtask: Subtask;
}

interface CreateBodyOf {
  goal: CreateGoalBody;
  task: CreateTaskBody;
  subtask: CreateSubtaskBody;
}

/**
 * What an edit sends: a task's PATCH body, the widest. Goals and subtasks take the same fields but goalId,
 * which only a task's edit form offers; the table below checks that every level's update accepts it.
 */
export type WorkItemChanges = UpdateTaskBody;

type Outcome<Result> = Promise<{ data: Result } | { error: ApiError }>;

interface MutationState {
  isLoading: boolean;
  error?: ApiError;
  reset: () => void;
}

type UseMutation<Arg, Result> = () => readonly [(arg: Arg) => Outcome<Result>, MutationState];

interface ItemsQuery<Item> {
  data?: Item[] | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error?: ApiError;
  refetch: () => void;
}

/** What differs from one level of the tree to the next; the list and item components read it by kind. */
export interface Level<Item, CreateBody> {
  /** The level shown inside an expanded item; a subtask shows its details instead. */
  child: 'task' | 'subtask' | undefined;
  /** The items under a parent (the goal of tasks, the task of subtasks); goals have none. */
  useItems: (parentId: string | undefined) => ItemsQuery<Item>;
  createBody: (fields: ReturnType<typeof createFields>, parentId: string) => CreateBody;
  useCreate: UseMutation<CreateBody, Item>;
  useUpdate: UseMutation<ItemUpdate<Item, WorkItemChanges>, Item>;
  /** The DELETE's path under /api (the server deletes what lies below with it). */
  deletePath: (id: string) => string;
  /** spec.md §4: a subtask's completion is a call of its own, which says how many points it earned. */
  useOwnCompletion: () => readonly [((item: Item) => Outcome<{ pointsAwarded: number }>) | undefined, { isLoading: boolean }];
  /** Selected itself, not through one of its children. */
  isSelected: (state: RootState, id: string) => boolean;
  selected: (item: Item) => UnknownAction;
  /** What the level says when it has nothing yet. */
  emptyNote: string;
  /** What the delete question says goes with it; a goal's progress counts its tasks and subtasks. */
  deletionNote: (progress: GoalProgress | undefined) => string;
  /** The delete's toast: what went with it, what stays. */
  deletedNote: (progress: GoalProgress | undefined) => string;
}

/** Goals and tasks are completed by a status change like any other. */
const completedByStatusChange = () => [undefined, { isLoading: false }] as const;

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** What goes with a goal: asked before ('will be deleted too'), told after ('went with it'). */
const goalDeletionNote = (progress: GoalProgress | undefined, goes: string): string => {
  if (!progress || progress.tasks.total === 0) return '';
  const subtasks = progress.subtasks.total > 0 ? ` and ${counted(progress.subtasks.total, 'subtask')}` : '';
  return `Its ${counted(progress.tasks.total, 'task')}${subtasks} ${goes}. `;
};

export const levels: { [K in WorkItemKind]: Level<ItemOf[K], CreateBodyOf[K]> } = {
  goal: {
    child: 'task',
    useItems: () => useGetGoalsQuery(),
    createBody: (fields) => fields,
    useCreate: useCreateGoalMutation,
    useUpdate: useUpdateGoalMutation,
    deletePath: (id) => `/goals/goals/${encodeURIComponent(id)}`,
    useOwnCompletion: completedByStatusChange,
    isSelected: (state, id) => selectSelectedGoalId(state) === id && selectSelectedTaskId(state) === null,
    selected: (goal) => goalSelected(goal.id),
    emptyNote: 'A goal holds tasks, and a task holds subtasks. Finish them to earn points: higher priority, more points.',
    deletionNote: (progress) => `${goalDeletionNote(progress, 'will be deleted too')}Points already earned stay in your history.`,
    deletedNote: (progress) => `${goalDeletionNote(progress, 'went with it')}Points already earned stay in your history.`,
  },
  task: {
    child: 'subtask',
    useItems: (goalId) => useGetGoalTasksQuery(goalId ?? skipToken),
    createBody: (fields, goalId) => ({ ...fields, goalId }),
    useCreate: useCreateTaskMutation,
    useUpdate: useUpdateTaskMutation,
    deletePath: (id) => `/goals/tasks/${encodeURIComponent(id)}`,
    useOwnCompletion: completedByStatusChange,
    isSelected: (state, id) => selectSelectedTaskId(state) === id && selectSelectedSubtaskId(state) === null,
    selected: (task) => taskSelected({ goalId: task.goalId, taskId: task.id }),
    emptyNote: 'No tasks yet. Break this goal into steps you can finish.',
    deletionNote: () => 'Its subtasks are deleted with it. Points already earned stay in your history.',
    deletedNote: () => 'Its subtasks went with it. Points already earned stay in your history.',
  },
  subtask: {
    child: undefined,
    useItems: (taskId) => useGetTaskSubtasksQuery(taskId ?? skipToken),
    createBody: (fields, taskId) => ({ ...fields, taskId }),
    useCreate: useCreateSubtaskMutation,
    useUpdate: useUpdateSubtaskMutation,
    deletePath: (id) => `/goals/subtasks/${encodeURIComponent(id)}`,
    useOwnCompletion: useCompleteSubtaskMutation,
    isSelected: (state, id) => selectSelectedSubtaskId(state) === id,
    selected: (subtask) => subtaskSelected({ goalId: subtask.goalId, taskId: subtask.taskId, subtaskId: subtask.id }),
    emptyNote: 'No subtasks yet.',
    deletionNote: () => 'Points already earned stay in your history.',
    deletedNote: () => 'Points already earned stay in your history.',
  },
};
