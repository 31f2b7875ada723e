import type { FetchArgs } from '@reduxjs/toolkit/query';
import {
  completeSubtaskResponse,
  goal,
  goalProgress,
  stats,
  subtask,
  task,
  type CreateGoalBody,
  type CreateSubtaskBody,
  type CreateTaskBody,
  type Goal,
  type GoalProgress,
  type Stats,
  type Subtask,
  type Task,
  type UpdateGoalBody,
  type UpdateSubtaskBody,
  type UpdateTaskBody,
} from '@tracker/contracts/goals/http';
import { z } from 'zod';
import { api } from '../../../lib/api/api.ts';
import { checkedListQuery, checkedQuery, type Reading } from '../../../lib/api/checked-query.ts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/api/idempotency-key.ts';
import { queueable, unlessQueued } from '../../../lib/offline/queued-change.ts';
import type { WorkItemKind } from '../types/work-item-kind.ts';
import { readItem, readList, readNothing, readUpdated, readWhole } from './goal-answers.ts';
import { describeGoalCallFailure } from './goal-call-errors.ts';

/** An update names the item as it is now, so the lists it sits in (and its goal's points) can be refreshed. */
export interface ItemUpdate<Item, Changes> {
  item: Item;
  changes: Changes;
}

// Create and complete are POSTs: each call is one user action with its own key, so a retry is safe.
const idempotent = () => ({ [IDEMPOTENCY_HEADER]: newIdempotencyKey() });

/**
 * A goal's or a task's update; completing one (its status set to completed, the way they complete)
 * carries a key of its own and may wait on the device like any completion.
 */
const completing = (kind: 'goal' | 'task', item: { id: string; title: string }, changes: { status?: string | undefined }, url: string) =>
  changes.status === 'completed'
    ? queueable({ url, method: 'PATCH', body: changes, headers: idempotent() }, { label: `Complete ${kind} “${item.title}”`, itemId: item.id })
    : { url, method: 'PATCH', body: changes };

const goalTasksTag = (goalId: string) => ({ type: 'Task' as const, id: `GOAL-${goalId}` });
const taskSubtasksTag = (taskId: string) => ({ type: 'Subtask' as const, id: `TASK-${taskId}` });
const goalsListTag = { type: 'Goal' as const, id: 'LIST' };

/**
 * spec.md §8: a goal, task or subtask call never throws; it answers what it expects or an error
 * object carrying the §8 text ('Server returned no data', 'Server error (500): Unknown error', …).
 */
const goalCall = <Arg, Result>(kind: WorkItemKind, request: (arg: Arg) => string | FetchArgs, read: (answer: unknown) => Reading<Result>) =>
  checkedQuery({ request, read, describe: describeGoalCallFailure(kind) });

/**
 * A goal, task or subtask list read whole: the server answers a page at a time (`nextCursor`), the
 * tree needs every item, so every page is read and checked as `goalCall` checks one answer; a failing
 * page fails the list with the same §8 texts (and so reads as an empty list, `listOrEmpty`).
 */
const goalListCall = <Arg, Item>(kind: WorkItemKind, request: (arg: Arg) => string | FetchArgs, read: (answer: unknown) => Reading<Item[]>) =>
  checkedListQuery({ request, read, describe: describeGoalCallFailure(kind) });

const goalList = z.array(goal);
const taskList = z.array(task);
const subtaskList = z.array(subtask);

/**
 * spec.md §8: a failed list read is an empty list. The query keeps its `error` beside it, so a
 * screen can still say the read failed and offer a retry rather than claim there is nothing.
 */
export const listOrEmpty = <T>(result: { data?: T[] | undefined }): T[] => result.data ?? [];

export const goalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGoals: build.query<Goal[], void>({
      // spec.md §7: the list may come as an array (one page: no cursor) or as {goals, nextCursor}.
      queryFn: goalListCall('goal', () => '/goals/goals', readList('goal', 'goals', goalList)),
      providesTags: (goals = []) => [goalsListTag, ...goals.map(({ id }) => ({ type: 'Goal' as const, id }))],
    }),
    getGoalProgress: build.query<GoalProgress[], void>({
      queryFn: goalCall('goal', () => '/goals/progress', readList('goal', 'progress', z.array(goalProgress))),
      providesTags: ['GoalProgress'],
    }),
    getGoalStats: build.query<Stats, void>({
      queryFn: goalCall('goal', () => '/goals/goals/stats', readItem('goal', 'stats', stats)),
      providesTags: ['GoalStats'],
    }),
    getGoalTasks: build.query<Task[], string>({
      queryFn: goalListCall('task', (goalId: string) => `/goals/goals/${encodeURIComponent(goalId)}/tasks`, readList('task', 'tasks', taskList)),
      providesTags: (tasks = [], _error, goalId) => [goalTasksTag(goalId), ...tasks.map(({ id }) => ({ type: 'Task' as const, id }))],
    }),
    getTaskSubtasks: build.query<Subtask[], string>({
      queryFn: goalListCall('subtask', (taskId: string) => `/goals/tasks/${encodeURIComponent(taskId)}/subtasks`, readList('subtask', 'subtasks', subtaskList)),
      providesTags: (subtasks = [], _error, taskId) => [taskSubtasksTag(taskId), ...subtasks.map(({ id }) => ({ type: 'Subtask' as const, id }))],
    }),
    /**
     * Every task and every subtask of the user (spec.md §7), for finding the parents of the items the
     * filters match. Every goal, task and subtask change invalidates 'GoalProgress', so these follow them.
     */
    getAllTasks: build.query<Task[], void>({
      queryFn: goalListCall('task', () => '/goals/all-tasks', readList('task', 'tasks', taskList)),
      providesTags: ['GoalProgress'],
    }),
    getAllSubtasks: build.query<Subtask[], void>({
      queryFn: goalListCall('subtask', () => '/goals/all-subtasks', readList('subtask', 'subtasks', subtaskList)),
      providesTags: ['GoalProgress'],
    }),

    createGoal: build.mutation<Goal, CreateGoalBody>({
      queryFn: goalCall(
        'goal',
        (body: CreateGoalBody) => queueable({ url: '/goals/goals', method: 'POST', body, headers: idempotent() }, { label: `Create goal “${body.title}”` }),
        readItem('goal', 'goal', goal),
      ),
      invalidatesTags: unlessQueued([goalsListTag, 'GoalProgress', 'GoalStats'] as const),
    }),
    updateGoal: build.mutation<Goal, ItemUpdate<Goal, UpdateGoalBody>>({
      queryFn: goalCall(
        'goal',
        ({ item, changes }: ItemUpdate<Goal, UpdateGoalBody>) => completing('goal', item, changes, `/goals/goals/${encodeURIComponent(item.id)}`),
        readItem('goal', 'goal', goal),
      ),
      invalidatesTags: unlessQueued((_goal, _error, { item }: ItemUpdate<Goal, UpdateGoalBody>) => [
        { type: 'Goal' as const, id: item.id },
        'GoalProgress' as const,
        'GoalStats' as const,
      ]),
    }),
    deleteGoal: build.mutation<void, Goal>({
      queryFn: goalCall('goal', (item: Goal) => ({ url: `/goals/goals/${encodeURIComponent(item.id)}`, method: 'DELETE' }), readNothing),
      // Its tasks' lists are not refreshed: they go with it, and asking for them would only 404.
      invalidatesTags: [goalsListTag, 'GoalProgress', 'GoalStats'],
    }),

    createTask: build.mutation<Task, CreateTaskBody>({
      queryFn: goalCall(
        'task',
        (body: CreateTaskBody) => queueable({ url: '/goals/tasks', method: 'POST', body, headers: idempotent() }, { label: `Create task “${body.title}”` }),
        readItem('task', 'task', task),
      ),
      invalidatesTags: unlessQueued((_task, _error, { goalId }: CreateTaskBody) => [goalTasksTag(goalId), 'GoalProgress' as const]),
    }),
    updateTask: build.mutation<Task, ItemUpdate<Task, UpdateTaskBody>>({
      queryFn: goalCall(
        'task',
        ({ item, changes }: ItemUpdate<Task, UpdateTaskBody>) => completing('task', item, changes, `/goals/tasks/${encodeURIComponent(item.id)}`),
        readUpdated('task', task),
      ),
      invalidatesTags: unlessQueued((_task, _error, { item, changes }: ItemUpdate<Task, UpdateTaskBody>) => {
        const moved = changes.goalId !== undefined && changes.goalId !== item.goalId;
        return [
          { type: 'Task' as const, id: item.id },
          'GoalProgress' as const,
          // A goal's points history includes its tasks' awards; a move changes both goals' lists.
          ...(changes.status !== undefined || moved ? [{ type: 'Goal' as const, id: item.goalId }] : []),
          ...(moved && changes.goalId ? [goalTasksTag(changes.goalId), { type: 'Goal' as const, id: changes.goalId }] : []),
        ];
      }),
    }),
    deleteTask: build.mutation<void, Task>({
      queryFn: goalCall('task', (item: Task) => ({ url: `/goals/tasks/${encodeURIComponent(item.id)}`, method: 'DELETE' }), readNothing),
      invalidatesTags: (_result, _error, task) => [goalTasksTag(task.goalId), 'GoalProgress'],
    }),

    createSubtask: build.mutation<Subtask, CreateSubtaskBody>({
      queryFn: goalCall(
        'subtask',
        (body: CreateSubtaskBody) =>
          queueable({ url: '/goals/subtasks', method: 'POST', body, headers: idempotent() }, { label: `Create subtask “${body.title}”` }),
        readItem('subtask', 'subtask', subtask),
      ),
      invalidatesTags: unlessQueued((_subtask, _error, { taskId }: CreateSubtaskBody) => [taskSubtasksTag(taskId), 'GoalProgress' as const]),
    }),
    updateSubtask: build.mutation<Subtask, ItemUpdate<Subtask, UpdateSubtaskBody>>({
      queryFn: goalCall(
        'subtask',
        ({ item, changes }: ItemUpdate<Subtask, UpdateSubtaskBody>) => ({
          url: `/goals/subtasks/${encodeURIComponent(item.id)}`,
          method: 'PATCH',
          body: changes,
        }),
        readUpdated('subtask', subtask),
      ),
      invalidatesTags: (_subtask, _error, { item, changes }) => [
        { type: 'Subtask', id: item.id },
        'GoalProgress',
        ...(changes.status !== undefined
          ? [
              { type: 'Task' as const, id: item.taskId },
              { type: 'Goal' as const, id: item.goalId },
            ]
          : []),
      ],
    }),
    /** spec.md §4: completion is a dedicated call for subtasks; it answers with the points it earned. */
    completeSubtask: build.mutation<z.infer<typeof completeSubtaskResponse>, Subtask>({
      queryFn: goalCall(
        'subtask',
        (item: Subtask) =>
          queueable(
            { url: `/goals/subtasks/${encodeURIComponent(item.id)}/complete`, method: 'POST', headers: idempotent() },
            { label: `Complete subtask “${item.title}”`, itemId: item.id },
          ),
        readWhole('subtask', completeSubtaskResponse),
      ),
      invalidatesTags: unlessQueued((_result, _error, subtask: Subtask) => [
        { type: 'Subtask' as const, id: subtask.id },
        { type: 'Task' as const, id: subtask.taskId },
        { type: 'Goal' as const, id: subtask.goalId },
        'GoalProgress' as const,
      ]),
    }),
    deleteSubtask: build.mutation<void, Subtask>({
      queryFn: goalCall('subtask', (item: Subtask) => ({ url: `/goals/subtasks/${encodeURIComponent(item.id)}`, method: 'DELETE' }), readNothing),
      invalidatesTags: (_result, _error, subtask) => [taskSubtasksTag(subtask.taskId), 'GoalProgress'],
    }),
  }),
});

export const {
  useGetGoalsQuery,
  useGetGoalProgressQuery,
  useGetGoalStatsQuery,
  useGetGoalTasksQuery,
  useGetTaskSubtasksQuery,
  useGetAllTasksQuery,
  useGetAllSubtasksQuery,
  useCreateGoalMutation,
  useUpdateGoalMutation,
  useDeleteGoalMutation,
  useCreateTaskMutation,
  useUpdateTaskMutation,
  useDeleteTaskMutation,
  useCreateSubtaskMutation,
  useUpdateSubtaskMutation,
  useCompleteSubtaskMutation,
  useDeleteSubtaskMutation,
} = goalsApi;
