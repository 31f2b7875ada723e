import {
  actionablesInRangeResponse,
  dailyActionablesQuery,
  dailyActionablesResponse,
  dashboardSummaryResponse,
  dateRangePageQuery,
  dateRangeQuery,
  goalsInRangeResponse,
  subtasksInRangeResponse,
  tasksInRangeResponse,
} from '@tracker/contracts/dashboard/http';
import type { AppServices } from '../feature.ts';
import {
  actionablesInRangeWithSummary,
  DAILY_ACTIONABLES_LIMIT,
  dailyActionables,
  dashboardSummary,
  goalsInRange,
  subtasksInRange,
  tasksInRange,
} from '@tracker/projections/dashboard/dashboard.queries';
import { routesFor, type AnyRoute } from '../http/api-router.ts';
import { nextCursorOf, PAGED, pageRequestOf } from '../http/paging.ts';
import { requestClock } from '../http/request-clock.ts';
import { resolveDateRange, zoneOf } from './local-range.ts';

const route = routesFor<AppServices>('dashboard');

/** spec.md §7's dashboard routes: each reads read models only. */
export const dashboardRoutes: AnyRoute<AppServices>[] = [
  route({
    name: 'getDailyActionables',
    method: 'get',
    path: '/dashboard/daily-actionables',
    summary: `Today's list in the zone: actionables due today or overdue and not completed (and those completed today), at most ${DAILY_ACTIONABLES_LIMIT} of them (the latest deadlines), and the habits scheduled today`,
    auth: true,
    cachedPerUser: true,
    query: dailyActionablesQuery,
    response: dailyActionablesResponse,
    handle: async ({ ctx, query, services: { db } }) => {
      // Today is the user's calendar's; the zone asked for, if any, draws that day's deadline bound.
      const zone = zoneOf(ctx, query.timezone);
      const date = requestClock(ctx).localDate;
      return { date, actionables: await dailyActionables(db, ctx.state.userId, date, zone) };
    },
  }),
  route({
    name: 'listDashboardGoals',
    method: 'get',
    path: '/dashboard/date-range/goals',
    summary: `Goals created, due or completed in the range (default the last 7 days), newest first, with the range's net points and count; ${PAGED}`,
    auth: true,
    cachedPerUser: true,
    query: dateRangePageQuery,
    response: goalsInRangeResponse,
    handle: async ({ ctx, query, services: { db } }) => {
      const { goals, summary, next } = await goalsInRange(db, ctx.state.userId, resolveDateRange(ctx, query), pageRequestOf(query));
      return { goals, summary, nextCursor: nextCursorOf(next) };
    },
  }),
  route({
    name: 'listDashboardTasks',
    method: 'get',
    path: '/dashboard/date-range/tasks',
    summary: `Tasks created, due or completed in the range (default the last 7 days), newest first, with the range's count; ${PAGED}`,
    auth: true,
    cachedPerUser: true,
    query: dateRangePageQuery,
    response: tasksInRangeResponse,
    handle: async ({ ctx, query, services: { db } }) => {
      const { tasks, summary, next } = await tasksInRange(db, ctx.state.userId, resolveDateRange(ctx, query), pageRequestOf(query));
      return { tasks, summary, nextCursor: nextCursorOf(next) };
    },
  }),
  route({
    name: 'listDashboardSubtasks',
    method: 'get',
    path: '/dashboard/date-range/subtasks',
    summary: `Subtasks created, due or completed in the range (default the last 7 days), newest first, with the range's count; ${PAGED}`,
    auth: true,
    cachedPerUser: true,
    query: dateRangePageQuery,
    response: subtasksInRangeResponse,
    handle: async ({ ctx, query, services: { db } }) => {
      const { subtasks, summary, next } = await subtasksInRange(db, ctx.state.userId, resolveDateRange(ctx, query), pageRequestOf(query));
      return { subtasks, summary, nextCursor: nextCursorOf(next) };
    },
  }),
  route({
    name: 'listDashboardActionables',
    method: 'get',
    path: '/dashboard/date-range/actionables',
    summary: `Actionables created, due or completed in the range (default the last 7 days), newest first, with the range's points, completed and pending counts; ${PAGED}`,
    auth: true,
    cachedPerUser: true,
    query: dateRangePageQuery,
    response: actionablesInRangeResponse,
    handle: async ({ ctx, query, services: { db } }) => {
      const range = resolveDateRange(ctx, query);
      const { actionables, summary, next } = await actionablesInRangeWithSummary(db, ctx.state.userId, range.today, range, pageRequestOf(query));
      return { actionables, summary, nextCursor: nextCursorOf(next) };
    },
  }),
  route({
    name: 'getDashboardSummary',
    method: 'get',
    path: '/dashboard/summary',
    summary: 'The range at a glance (default the last 7 days): points, item counts, completions, top achievements, points per day',
    auth: true,
    cachedPerUser: true,
    query: dateRangeQuery,
    response: dashboardSummaryResponse,
    handle: async ({ ctx, query, services: { db } }) => ({ summary: await dashboardSummary(db, ctx.state.userId, resolveDateRange(ctx, query)) }),
  }),
];
