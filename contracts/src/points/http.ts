import { z } from 'zod';
import { INSTANT_MAX, INSTANT_MIN, calendarDate, id, instant, isoDateTime, timezone, wholeNumberParam } from '../common/fields.ts';
import { pointsSourceTypes } from './events.ts';

/** Ranges: at most this many days (inclusive), except heatmaps. */
export const MAX_RANGE_DAYS = 400;
/** Heatmaps may span three years. */
export const MAX_HEATMAP_DAYS = 3 * 366;
/** Default ranges: the last 7 local days up to today; heatmaps the last 365. */
export const DEFAULT_RANGE_DAYS = 7;
export const DEFAULT_HEATMAP_DAYS = 365;
export const MAX_LIST_LIMIT = 100;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const dayMessage = `must be a real date (YYYY-MM-DD) from 1900 to 9999 or an ISO 8601 date-time from ${INSTANT_MIN} to ${INSTANT_MAX}`;

/**
 * One end of a range: a local date (YYYY-MM-DD), or an ISO instant that stands for the local date
 * it falls on in the range's time zone (the server converts it).
 */
export const dayBound = z
  .string({ message: dayMessage })
  .max(64, dayMessage)
  .transform((value, ctx): DayBound => {
    if (DATE_ONLY.test(value)) {
      if (calendarDate.safeParse(value).success) return { kind: 'date', date: value };
    } else {
      const parsed = instant.safeParse(value);
      if (parsed.success) return { kind: 'instant', at: parsed.data };
    }
    ctx.addIssue({ code: 'custom', message: dayMessage });
    return z.NEVER;
  });
export type DayBound = { kind: 'date'; date: string } | { kind: 'instant'; at: string };

/** startDate, endDate (inclusive local dates) and timezone (defaults to the user's). */
export const dateRangeQuery = z.object({
  startDate: dayBound.optional(),
  endDate: dayBound.optional(),
  timezone: timezone.optional(),
});
export type DateRangeQuery = z.input<typeof dateRangeQuery>;

const limitParam = wholeNumberParam(1, MAX_LIST_LIMIT);
/** GET /points/recent?limit (default 5, at most 100). */
export const recentQuery = z.object({ limit: limitParam.optional() });
/** GET /points/leaderboard?limit (default 10, at most 100). */
export const leaderboardQuery = z.object({ limit: limitParam.optional() });

/** Points today, this week (from the user's weekStart), this month, in total, in the range; the streak of days with points. */
export const pointsStats = z.object({
  today: z.number().int(),
  week: z.number().int(),
  month: z.number().int(),
  total: z.number().int(),
  /** Consecutive local days with points, ending today (or yesterday when nothing yet today). */
  streak: z.number().int(),
  /** Points in the requested range. */
  range: z.number().int(),
});
export type PointsStats = z.infer<typeof pointsStats>;
export const pointsStatsResponse = z.object({ stats: pointsStats });
export type PointsStatsResponse = z.infer<typeof pointsStatsResponse>;

/** `taken_back`: a habit completion taken back (its points revoked). */
export const activityTypes = ['created', 'deleted', 'status_changed', 'completed', 'reopened', 'taken_back'] as const;
/** One line of recent activity. `points` is null when no points changed hands (negative for a revocation). */
export const activity = z.object({
  id: z.string(),
  type: z.enum(activityTypes),
  title: z.string(),
  points: z.number().int().nullable(),
  occurredAt: isoDateTime,
  entityType: z.string(),
  entityId: id,
});
export type Activity = z.infer<typeof activity>;
export const recentActivitiesResponse = z.object({ activities: z.array(activity) });
export type RecentActivitiesResponse = z.infer<typeof recentActivitiesResponse>;

/**
 * One local day: net points, the number of awards and revocations recorded on it, and the to-dos and
 * habits completed on it (`completions`: imported ones too, which earn no points).
 */
export const heatmapDay = z.object({ date: calendarDate, points: z.number().int(), count: z.number().int(), completions: z.number().int() });
export type HeatmapDay = z.infer<typeof heatmapDay>;
export const pointsHeatmapResponse = z.object({ heatmap: z.array(heatmapDay) });
export type PointsHeatmapResponse = z.infer<typeof pointsHeatmapResponse>;

/**
 * Names and totals only: nothing that identifies another user (no id, no e-mail). `isCurrentUser`
 * marks the caller's own row, so a client can show it without knowing anyone's id.
 */
export const leaderboardEntry = z.strictObject({ rank: z.number().int(), name: z.string(), totalPoints: z.number().int(), isCurrentUser: z.boolean() });
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;
export const leaderboardResponse = z.object({ leaderboard: z.array(leaderboardEntry) });
export type LeaderboardResponse = z.infer<typeof leaderboardResponse>;

export const pointsSourceType = z.enum(pointsSourceTypes);
