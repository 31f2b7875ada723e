import {
  DEFAULT_HEATMAP_DAYS,
  MAX_HEATMAP_DAYS,
  dateRangeQuery,
  leaderboardQuery,
  leaderboardResponse,
  pointsHeatmapResponse,
  pointsStatsResponse,
  recentActivitiesResponse,
  recentQuery,
} from '@tracker/contracts/points/http';
import { LEADERBOARD_LIMIT, RECENT_ACTIVITIES_LIMIT } from '@tracker/contracts/constants';
import { leaderboard, pointsPerDay, pointsStats, recentActivities } from '@tracker/projections/points/points.queries';
import { routesFor, type AnyRoute } from '../http/api-router.ts';
import { resolveDateRange, resolveRange } from '../dashboard/local-range.ts';
import type { PointsServices } from './points.feature.ts';
import { firstDayOfWeek } from './week-start.ts';

const route = routesFor<PointsServices>('points');

/** spec.md §7's points routes: each reads read models only (daily_points, user_points, activities). */
export const pointsRoutes: AnyRoute<PointsServices>[] = [
  route({
    name: 'getPointsStats',
    method: 'get',
    path: '/points/stats',
    summary:
      "Points today, this week (from the user's weekStart), this month, in total and in the range (default the last 7 days); the streak of days with points",
    auth: true,
    cachedPerUser: true,
    query: dateRangeQuery,
    response: pointsStatsResponse,
    handle: async ({ ctx, query, services: { db, weekStartOf } }) => {
      const { today, startDate, endDate } = resolveDateRange(ctx, query);
      const weekStart = firstDayOfWeek(today, await weekStartOf(ctx.state.userId));
      const stats = await pointsStats(db, ctx.state.userId, { today, weekStart, monthStart: `${today.slice(0, 8)}01`, range: { startDate, endDate } });
      return { stats };
    },
  }),
  route({
    name: 'listRecentActivity',
    method: 'get',
    path: '/points/recent',
    summary: 'The latest activity, newest first (limit: default 5, at most 100)',
    auth: true,
    cachedPerUser: true,
    query: recentQuery,
    response: recentActivitiesResponse,
    handle: async ({ ctx, query, services: { db } }) => ({ activities: await recentActivities(db, ctx.state.userId, query.limit ?? RECENT_ACTIVITIES_LIMIT) }),
  }),
  route({
    name: 'getPointsHeatmap',
    method: 'get',
    path: '/points/heatmap',
    summary: 'Points and awards per local day, zeros included (default the last 365 days, at most three years)',
    auth: true,
    cachedPerUser: true,
    query: dateRangeQuery,
    response: pointsHeatmapResponse,
    handle: async ({ ctx, query, services: { db } }) => {
      const { startDate, endDate } = resolveRange(ctx, query, { defaultDays: DEFAULT_HEATMAP_DAYS, maxDays: MAX_HEATMAP_DAYS });
      return { heatmap: await pointsPerDay(db, ctx.state.userId, { startDate, endDate }) };
    },
  }),
  route({
    name: 'getLeaderboard',
    method: 'get',
    path: '/points/leaderboard',
    summary: "The best totals: rank, name and total points, and whether the row is the caller's; no user ids (limit: default 10, at most 100)",
    auth: true,
    query: leaderboardQuery,
    response: leaderboardResponse,
    handle: async ({ ctx, query, services: { db } }) => ({ leaderboard: await leaderboard(db, query.limit ?? LEADERBOARD_LIMIT, ctx.state.userId) }),
  }),
];
