import type { Subtask, subtasksResponse, Task, tasksResponse } from '@tracker/contracts/goals/http';
import type { z } from 'zod';
import { goalsApi } from '../api/goals.api.ts';

/**
 * Every task and every subtask in two calls (spec.md §7: GET /goals/all-tasks, /goals/all-subtasks), read
 * only while the filters hide something, to find the parents of the matches. Every goal, task and subtask
 * change invalidates 'GoalProgress', so these follow them.
 * TODO(goals api owner): move these two endpoints into api/goals.api.ts; they sit here while that file is
 * being reworked by someone else.
 */
export const workItemTreeApi = goalsApi.injectEndpoints({
  endpoints: (build) => ({
    getAllTasks: build.query<Task[], void>({
      query: () => '/goals/all-tasks',
      transformResponse: (response: z.infer<typeof tasksResponse>) => response.tasks,
      providesTags: ['GoalProgress'],
    }),
    getAllSubtasks: build.query<Subtask[], void>({
      query: () => '/goals/all-subtasks',
      transformResponse: (response: z.infer<typeof subtasksResponse>) => response.subtasks,
      providesTags: ['GoalProgress'],
    }),
  }),
});

export const { useGetAllTasksQuery, useGetAllSubtasksQuery } = workItemTreeApi;
