import type {
  Actionable,
  ActionableStatus,
  completeActionableResponse,
  completeHabitResponse,
  uncompleteHabitResponse,
  updateActionableResponse,
} from '@tracker/contracts/actionables/http';
import type {
  ActionablesInRangeResponse,
  DailyActionable,
  dailyActionablesResponse,
  DashboardSummary,
  dashboardSummaryResponse,
  GoalsInRangeResponse,
  SubtasksInRangeResponse,
  TasksInRangeResponse,
} from '@tracker/contracts/dashboard/http';
import type { Activity, HeatmapDay, pointsHeatmapResponse, PointsStats, pointsStatsResponse, recentActivitiesResponse } from '@tracker/contracts/points/http';
import type { z } from 'zod';
import { queueable, unlessQueued } from '../../../lib/offline/queued-change.ts';
import { api } from '../../../lib/api/api.ts';
import { everyPage, joinedList, withCursor, type AppBaseQuery } from '../../../lib/api/every-page.ts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/api/idempotency-key.ts';

/** A range of local dates, both ends included, counted in `timezone` (the user's). */
export interface RangeArgs {
  startDate: string;
  endDate: string;
  timezone: string;
}

export interface DailyActionables {
  date: string;
  actionables: DailyActionable[];
}

/** spec.md §8's fallback texts for the dashboard's reads and the completions it offers. */
export const dashboardFailures = {
  daily: 'Failed to fetch daily actionables',
  goalsInRange: 'Failed to fetch goals in date range',
  tasksInRange: 'Failed to fetch tasks in date range',
  subtasksInRange: 'Failed to fetch subtasks in date range',
  actionablesInRange: 'Failed to fetch actionables in date range',
  summary: 'Failed to fetch dashboard summary',
  stats: 'Failed to fetch points stats',
  recent: 'Failed to fetch recent activities',
  heatmap: 'Failed to fetch heatmap data',
  completeActionable: 'Failed to complete actionable',
  completeHabit: 'Failed to complete habit',
  undoHabit: 'Failed to take back the completion',
  backfillHabit: 'Failed to record the day',
  revertActionable: 'Failed to update actionable',
} as const;

/**
 * spec.md §8: what a failed read of the dashboard shows instead of nothing: empty lists and zero
 * counts (`dataOrFallback` picks it; a card still has the query's error to say so and offer a retry).
 */
export const dashboardFallbacks = {
  summary: {
    totalPoints: 0,
    goalsCount: 0,
    tasksCount: 0,
    subtasksCount: 0,
    actionablesCount: 0,
    completedCount: 0,
    topAchievements: [],
    dailyPoints: [],
  } satisfies DashboardSummary,
  stats: { today: 0, week: 0, month: 0, total: 0, streak: 0, range: 0 } satisfies PointsStats,
  recent: [] as Activity[],
  heatmap: [] as HeatmapDay[],
  daily: (date: string): DailyActionables => ({ date, actionables: [] }),
  goalsInRange: { goals: [], summary: { totalPoints: 0, goalCount: 0 }, nextCursor: null } satisfies GoalsInRangeResponse,
  tasksInRange: { tasks: [], summary: { taskCount: 0 }, nextCursor: null } satisfies TasksInRangeResponse,
  subtasksInRange: { subtasks: [], summary: { subtaskCount: 0 }, nextCursor: null } satisfies SubtasksInRangeResponse,
  actionablesInRange: {
    actionables: [],
    summary: { totalPoints: 0, completedCount: 0, pendingCount: 0 },
    nextCursor: null,
  } satisfies ActionablesInRangeResponse,
};

/** Recent activity shows this many lines (the route allows up to 100; spec.md §9's default is 5). */
export const RECENT_LIMIT = 8;

/**
 * A date-range list read whole (every page, the list under `key` joined): the summary is the whole
 * range's on every page, so the first page's stands. The answer has no cursor left.
 */
const wholeRange =
  <Answer extends { nextCursor: string | null }>(path: string, key: keyof Answer & string) =>
  async <Meta>(range: RangeArgs, _api: unknown, _extraOptions: unknown, baseQuery: AppBaseQuery<Meta>) => {
    const read = await everyPage(baseQuery, (cursor) => ({ url: path, params: withCursor({ ...range }, cursor) }));
    if ('error' in read) return read;
    return { data: { ...(read.pages[0] as Answer), [key]: joinedList(read.pages, key), nextCursor: null } as Answer, meta: read.meta };
  };

// A completion is one user action with its own key: a retry never awards twice.
const idempotent = () => ({ [IDEMPOTENCY_HEADER]: newIdempotencyKey() });

/**
 * Whatever moves points: a completion here or on the Actionables, Habits and Goals screens (their
 * lists' tags and the goals' progress, which every goal, task and subtask change refreshes). The
 * reads that count days in the user's zone or weeks from their week start follow the settings too.
 */
const pointsSources = [{ type: 'Actionable' as const, id: 'LIST' }, { type: 'Habit' as const, id: 'LIST' }, 'GoalProgress' as const];

/** A completion changes every figure on the dashboard, the lists the item sits in and the item it is linked to. */
const completionTags = (item: Actionable) => [
  'Dashboard' as const,
  'Points' as const,
  { type: 'Actionable' as const, id: 'LIST' },
  { type: 'Habit' as const, id: 'LIST' },
  { type: 'Actionable' as const, id: item.id },
  'GoalProgress' as const,
  ...(item.goalId ? [{ type: 'Goal' as const, id: item.goalId }, 'GoalStats' as const] : []),
  ...(item.taskId ? [{ type: 'Task' as const, id: item.taskId }] : []),
  ...(item.subtaskId ? [{ type: 'Subtask' as const, id: item.subtaskId }] : []),
];

// Tag types join the app's api here, so lib/api/api.ts stays as it is.
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardSummary: build.query<DashboardSummary, RangeArgs>({
      query: (range) => ({ url: '/dashboard/summary', params: { ...range } }),
      transformResponse: (response: z.infer<typeof dashboardSummaryResponse>) => response.summary,
      providesTags: ['Dashboard', 'Points', ...pointsSources],
    }),
    getPointsStats: build.query<PointsStats, RangeArgs>({
      query: (range) => ({ url: '/points/stats', params: { ...range } }),
      transformResponse: (response: z.infer<typeof pointsStatsResponse>) => response.stats,
      // 'This week' starts on the user's week start.
      providesTags: ['Points', 'Settings', ...pointsSources],
    }),
    getRecentActivities: build.query<Activity[], number>({
      query: (limit) => ({ url: '/points/recent', params: { limit } }),
      transformResponse: (response: z.infer<typeof recentActivitiesResponse>) => response.activities,
      providesTags: ['Points', 'Dashboard', ...pointsSources],
    }),
    getHeatmap: build.query<HeatmapDay[], RangeArgs>({
      query: (range) => ({ url: '/points/heatmap', params: { ...range } }),
      transformResponse: (response: z.infer<typeof pointsHeatmapResponse>) => response.heatmap,
      providesTags: ['Points', ...pointsSources],
    }),
    getDailyActionables: build.query<DailyActionables, string>({
      query: (timezone) => ({ url: '/dashboard/daily-actionables', params: { timezone } }),
      transformResponse: (response: z.infer<typeof dailyActionablesResponse>) => response,
      providesTags: ['Dashboard', ...pointsSources],
    }),
    /** GET /dashboard/date-range/{goals,tasks,subtasks,actionables}: what the range created, had due or completed, with a summary. */
    getGoalsInRange: build.query<GoalsInRangeResponse, RangeArgs>({
      queryFn: wholeRange<GoalsInRangeResponse>('/dashboard/date-range/goals', 'goals'),
      providesTags: ['Dashboard', 'GoalProgress'],
    }),
    getTasksInRange: build.query<TasksInRangeResponse, RangeArgs>({
      queryFn: wholeRange<TasksInRangeResponse>('/dashboard/date-range/tasks', 'tasks'),
      providesTags: ['Dashboard', 'GoalProgress'],
    }),
    getSubtasksInRange: build.query<SubtasksInRangeResponse, RangeArgs>({
      queryFn: wholeRange<SubtasksInRangeResponse>('/dashboard/date-range/subtasks', 'subtasks'),
      providesTags: ['Dashboard', 'GoalProgress'],
    }),
    getActionablesInRange: build.query<ActionablesInRangeResponse, RangeArgs>({
      queryFn: wholeRange<ActionablesInRangeResponse>('/dashboard/date-range/actionables', 'actionables'),
      providesTags: ['Dashboard', ...pointsSources],
    }),

    /** PATCH /actionables/{id}/complete (empty body): `{actionable, pointsAwarded}`. */
    completeDailyActionable: build.mutation<z.infer<typeof completeActionableResponse>, Actionable>({
      query: (item) =>
        queueable(
          { url: `/actionables/${encodeURIComponent(item.id)}/complete`, method: 'PATCH', headers: idempotent() },
          { label: `Complete “${item.title}”`, itemId: item.id },
        ),
      invalidatesTags: unlessQueued((_result, _error, item) => completionTags(item)),
    }),
    /** PATCH /actionables/{id} {status}: a to-do completed from today's list put back as it was (its toast's Undo); the points go back too. */
    revertDailyActionable: build.mutation<z.infer<typeof updateActionableResponse>, { item: Actionable; status: ActionableStatus }>({
      query: ({ item, status }) => ({ url: `/actionables/${encodeURIComponent(item.id)}`, method: 'PATCH', body: { status }, headers: idempotent() }),
      invalidatesTags: (_result, _error, { item }) => completionTags(item),
    }),
    /** PATCH /actionables/habits/{id}/complete: `{habit, pointsAwarded, streak}`; a second completion of a period is a 409. */
    completeDailyHabit: build.mutation<z.infer<typeof completeHabitResponse>, Actionable>({
      query: (habit) =>
        queueable(
          { url: `/actionables/habits/${encodeURIComponent(habit.id)}/complete`, method: 'PATCH', headers: idempotent() },
          { label: `Complete habit “${habit.title}”`, itemId: habit.id },
        ),
      invalidatesTags: unlessQueued((_result, _error, habit) => completionTags(habit)),
    }),
    /** PATCH /actionables/habits/{id}/uncomplete: `{habit, pointsRevoked, occurrence, streak}`; it moves what the completion moved. */
    uncompleteDailyHabit: build.mutation<z.infer<typeof uncompleteHabitResponse>, Actionable>({
      // Offline, a take-back waits on the device as a completion does (and is refused then if its day has passed).
      query: (habit) =>
        queueable(
          { url: `/actionables/habits/${encodeURIComponent(habit.id)}/uncomplete`, method: 'PATCH', headers: idempotent() },
          { label: `Take back habit “${habit.title}”`, itemId: habit.id },
        ),
      invalidatesTags: unlessQueued((_result, _error, habit) => completionTags(habit)),
    }),
    /** POST /actionables/habits/{id}/completions {date}: a missed day recorded afterwards (half points), from today's list. */
    backfillDailyHabit: build.mutation<z.infer<typeof completeHabitResponse>, { habit: Actionable; date: string }>({
      query: ({ habit, date }) => ({
        url: `/actionables/habits/${encodeURIComponent(habit.id)}/completions`,
        method: 'POST',
        body: { date },
        headers: idempotent(),
      }),
      invalidatesTags: (_result, _error, { habit }) => completionTags(habit),
    }),
  }),
});

export const {
  useGetDashboardSummaryQuery,
  useGetPointsStatsQuery,
  useGetRecentActivitiesQuery,
  useGetHeatmapQuery,
  useGetDailyActionablesQuery,
  useGetGoalsInRangeQuery,
  useGetTasksInRangeQuery,
  useGetSubtasksInRangeQuery,
  useGetActionablesInRangeQuery,
  useCompleteDailyActionableMutation,
  useCompleteDailyHabitMutation,
  useUncompleteDailyHabitMutation,
  useBackfillDailyHabitMutation,
  useRevertDailyActionableMutation,
} = dashboardApi;
