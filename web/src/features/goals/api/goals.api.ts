import type {
  completeSubtaskResponse,
  CreateGoalBody,
  CreateSubtaskBody,
  CreateTaskBody,
  Goal,
  GoalProgress,
  goalResponse,
  goalsResponse,
  progressResponse,
  Stats,
  statsResponse,
  Subtask,
  subtaskResponse,
  subtasksResponse,
  Task,
  taskResponse,
  tasksResponse,
  UpdateGoalBody,
  UpdateSubtaskBody,
  UpdateTaskBody,
} from '@tracker/contracts/goals/http';
import type { z } from 'zod';
import { api } from '../../../lib/api/api.ts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/api/idempotency-key.ts';

/** An update names the item as it is now, so the lists it sits in (and its goal's points) can be refreshed. */
export interface ItemUpdate<Item, Changes> {
  item: Item;
  changes: Changes;
}

// Create and complete are POSTs: each call is one user action with its own key, so a retry is safe.
const idempotent = () => ({ [IDEMPOTENCY_HEADER]: newIdempotencyKey() });

const goalTasksTag = (goalId: string) => ({ type: 'Task' as const, id: `GOAL-${goalId}` });
const taskSubtasksTag = (taskId: string) => ({ type: 'Subtask' as const, id: `TASK-${taskId}` });
const goalsListTag = { type: 'Goal' as const, id: 'LIST' };

export const goalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGoals: build.query<Goal[], void>({
      query: () => '/goals/goals',
      // spec.md §7: the list may come as an array or as {goals}.
      transformResponse: (response: z.infer<typeof goalsResponse> | Goal[]) => (Array.isArray(response) ? response : response.goals),
      providesTags: (goals = []) => [goalsListTag, ...goals.map(({ id }) => ({ type: 'Goal' as const, id }))],
    }),
    getGoalProgress: build.query<GoalProgress[], void>({
      query: () => '/goals/progress',
      transformResponse: (response: z.infer<typeof progressResponse>) => response.progress,
      providesTags: ['GoalProgress'],
    }),
    getGoalStats: build.query<Stats, void>({
      query: () => '/goals/goals/stats',
      transformResponse: (response: z.infer<typeof statsResponse>) => response.stats,
      providesTags: ['GoalStats'],
    }),
    getGoalTasks: build.query<Task[], string>({
      query: (goalId) => `/goals/goals/${encodeURIComponent(goalId)}/tasks`,
      transformResponse: (response: z.infer<typeof tasksResponse>) => response.tasks,
      providesTags: (tasks = [], _error, goalId) => [goalTasksTag(goalId), ...tasks.map(({ id }) => ({ type: 'Task' as const, id }))],
    }),
    getTaskSubtasks: build.query<Subtask[], string>({
      query: (taskId) => `/goals/tasks/${encodeURIComponent(taskId)}/subtasks`,
      transformResponse: (response: z.infer<typeof subtasksResponse>) => response.subtasks,
      providesTags: (subtasks = [], _error, taskId) => [taskSubtasksTag(taskId), ...subtasks.map(({ id }) => ({ type: 'Subtask' as const, id }))],
    }),

    createGoal: build.mutation<Goal, CreateGoalBody>({
      query: (body) => ({ url: '/goals/goals', method: 'POST', body, headers: idempotent() }),
      transformResponse: (response: z.infer<typeof goalResponse>) => response.goal,
      invalidatesTags: [goalsListTag, 'GoalProgress', 'GoalStats'],
    }),
    updateGoal: build.mutation<Goal, ItemUpdate<Goal, UpdateGoalBody>>({
      query: ({ item, changes }) => ({ url: `/goals/goals/${encodeURIComponent(item.id)}`, method: 'PATCH', body: changes }),
      transformResponse: (response: z.infer<typeof goalResponse>) => response.goal,
      invalidatesTags: (_goal, _error, { item }) => [{ type: 'Goal', id: item.id }, 'GoalProgress', 'GoalStats'],
    }),
    deleteGoal: build.mutation<void, Goal>({
      query: (goal) => ({ url: `/goals/goals/${encodeURIComponent(goal.id)}`, method: 'DELETE' }),
      // Its tasks' lists are not refreshed: they go with it, and asking for them would only 404.
      invalidatesTags: [goalsListTag, 'GoalProgress', 'GoalStats'],
    }),

    createTask: build.mutation<Task, CreateTaskBody>({
      query: (body) => ({ url: '/goals/tasks', method: 'POST', body, headers: idempotent() }),
      transformResponse: (response: z.infer<typeof taskResponse>) => response.task,
      invalidatesTags: (_task, _error, { goalId }) => [goalTasksTag(goalId), 'GoalProgress'],
    }),
    updateTask: build.mutation<Task, ItemUpdate<Task, UpdateTaskBody>>({
      query: ({ item, changes }) => ({ url: `/goals/tasks/${encodeURIComponent(item.id)}`, method: 'PATCH', body: changes }),
      transformResponse: (response: z.infer<typeof taskResponse>) => response.task,
      invalidatesTags: (_task, _error, { item, changes }) => {
        const moved = changes.goalId !== undefined && changes.goalId !== item.goalId;
        return [
          { type: 'Task', id: item.id },
          'GoalProgress',
          // A goal's points history includes its tasks' awards; a move changes both goals' lists.
          ...(changes.status !== undefined || moved ? [{ type: 'Goal' as const, id: item.goalId }] : []),
          ...(moved && changes.goalId ? [goalTasksTag(changes.goalId), { type: 'Goal' as const, id: changes.goalId }] : []),
        ];
      },
    }),
    deleteTask: build.mutation<void, Task>({
      query: (task) => ({ url: `/goals/tasks/${encodeURIComponent(task.id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, task) => [goalTasksTag(task.goalId), 'GoalProgress'],
    }),

    createSubtask: build.mutation<Subtask, CreateSubtaskBody>({
      query: (body) => ({ url: '/goals/subtasks', method: 'POST', body, headers: idempotent() }),
      transformResponse: (response: z.infer<typeof subtaskResponse>) => response.subtask,
      invalidatesTags: (_subtask, _error, { taskId }) => [taskSubtasksTag(taskId), 'GoalProgress'],
    }),
    updateSubtask: build.mutation<Subtask, ItemUpdate<Subtask, UpdateSubtaskBody>>({
      query: ({ item, changes }) => ({ url: `/goals/subtasks/${encodeURIComponent(item.id)}`, method: 'PATCH', body: changes }),
      transformResponse: (response: z.infer<typeof subtaskResponse>) => response.subtask,
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
      query: (subtask) => ({ url: `/goals/subtasks/${encodeURIComponent(subtask.id)}/complete`, method: 'POST', headers: idempotent() }),
      invalidatesTags: (_result, _error, subtask) => [
        { type: 'Subtask', id: subtask.id },
        { type: 'Task', id: subtask.taskId },
        { type: 'Goal', id: subtask.goalId },
        'GoalProgress',
      ],
    }),
    deleteSubtask: build.mutation<void, Subtask>({
      query: (subtask) => ({ url: `/goals/subtasks/${encodeURIComponent(subtask.id)}`, method: 'DELETE' }),
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
