import { z } from 'zod';
import { actionable } from '../actionables/http.ts';
import { calendarDate, isoDateTime, timezone } from '../common/fields.ts';
import { nextCursor, pageFields } from '../common/paging.ts';
import { goal, subtask, task } from '../goals/http.ts';
import { dateRangeQuery, pointsSourceType } from '../points/http.ts';

export { dateRangeQuery, type DateRangeQuery } from '../points/http.ts';

/** The date-range lists: the range, and a page of its items (`limit`, `cursor`: common/paging.ts). */
export const dateRangePageQuery = dateRangeQuery.extend(pageFields);

/** GET /dashboard/daily-actionables?timezone (defaults to the user's). */
export const dailyActionablesQuery = z.object({ timezone: timezone.optional() });

/**
 * An actionable on today's list; `completedToday` is whether it (a habit: today's occurrence) was
 * completed on that local date. `openYesterday`: a habit's occurrence of the day before, left open
 * (scheduled, not done, not frozen, not the one a completion today counts for): the day one tap
 * records afterwards (POST /actionables/habits/{id}/completions); null otherwise and for to-dos.
 */
export const dailyActionable = actionable.extend({ completedToday: z.boolean(), openYesterday: calendarDate.nullable() });
export type DailyActionable = z.infer<typeof dailyActionable>;
/**
 * Today's list: actionables (not habits) due that local day or overdue and not completed, and the
 * habits scheduled that day with `completedToday` and their current streak.
 */
export const dailyActionablesResponse = z.object({ date: calendarDate, actionables: z.array(dailyActionable) });
export type DailyActionablesResponse = z.infer<typeof dailyActionablesResponse>;

/**
 * Items created, due or completed in the range, a page at a time (`nextCursor`: the next page, null
 * on the last), with spec.md §3's summaries — always of the whole range, whichever page.
 */
export const goalsInRangeResponse = z.object({
  goals: z.array(goal),
  summary: z.object({ totalPoints: z.number().int(), goalCount: z.number().int() }),
  nextCursor,
});
export const tasksInRangeResponse = z.object({ tasks: z.array(task), summary: z.object({ taskCount: z.number().int() }), nextCursor });
export const subtasksInRangeResponse = z.object({ subtasks: z.array(subtask), summary: z.object({ subtaskCount: z.number().int() }), nextCursor });
export const actionablesInRangeResponse = z.object({
  actionables: z.array(actionable),
  summary: z.object({ totalPoints: z.number().int(), completedCount: z.number().int(), pendingCount: z.number().int() }),
  nextCursor,
});

export type GoalsInRangeResponse = z.infer<typeof goalsInRangeResponse>;
export type TasksInRangeResponse = z.infer<typeof tasksInRangeResponse>;
export type SubtasksInRangeResponse = z.infer<typeof subtasksInRangeResponse>;
export type ActionablesInRangeResponse = z.infer<typeof actionablesInRangeResponse>;

export const topAchievement = z.object({ title: z.string(), points: z.number().int(), occurredAt: isoDateTime, sourceType: pointsSourceType });
export type TopAchievement = z.infer<typeof topAchievement>;
/** `completions`: the to-dos and habits completed that day (imported ones too, which earn no points). */
export const dailyPoints = z.object({ date: calendarDate, points: z.number().int(), completions: z.number().int() });
export type DailyPoints = z.infer<typeof dailyPoints>;

/** The range at a glance: points, how many items were created, due or completed in it, the best awards and points per day (every day, zeros included). */
export const dashboardSummary = z.object({
  totalPoints: z.number().int(),
  goalsCount: z.number().int(),
  tasksCount: z.number().int(),
  subtasksCount: z.number().int(),
  actionablesCount: z.number().int(),
  /** Goals, tasks, subtasks and actionables completed in the range. */
  completedCount: z.number().int(),
  topAchievements: z.array(topAchievement),
  dailyPoints: z.array(dailyPoints),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
export const dashboardSummaryResponse = z.object({ summary: dashboardSummary });
export type DashboardSummaryResponse = z.infer<typeof dashboardSummaryResponse>;
