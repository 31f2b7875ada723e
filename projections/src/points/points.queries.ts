import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { Activity, HeatmapDay, LeaderboardEntry, PointsStats } from '@tracker/contracts/points/http';
import type { ReadModelDb } from '../db.ts';

/*
 * Days are the local dates the ledger recorded with each award or revocation (the user's zone at
 * the time), never occurred_at converted to the zone of the request. Why: a day's points must not
 * move or split when the user travels or changes their zone setting (spec: changing the zone never
 * rewrites recorded local dates), every figure (stats, heatmap, daily points, summary, the ledger)
 * then agrees with every other, and daily_points can be summed ahead per (user, local date) and
 * read by its primary key. The requested zone only decides which local date is "today" and which
 * local date an ISO instant given as a range bound stands for.
 */

/** A calendar date, YYYY-MM-DD. */
type LocalDate = string;

/** Local dates, both included. */
export interface DayRange {
  startDate: LocalDate;
  endDate: LocalDate;
}

const day = (date: LocalDate): DateTime => DateTime.fromISO(date, { zone: 'utc' });
const iso = (date: DateTime): LocalDate => date.toISODate()!;

const DAY_MS = 86_400_000;

/** Every local date of the range, oldest first (calendar arithmetic at UTC midnights: no zone to shift them). */
export const daysOf = (range: DayRange): LocalDate[] => {
  const days: LocalDate[] = [];
  for (let at = Date.parse(`${range.startDate}T00:00:00Z`), end = Date.parse(`${range.endDate}T00:00:00Z`); at <= end; at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
};

/** Net points and ledger rows per local day of the range, zeros included, oldest first. */
export const pointsPerDay = async (db: ReadModelDb, userId: string, range: DayRange): Promise<HeatmapDay[]> => {
  const rows = await db
    .selectFrom('daily_points')
    .select(['local_date', 'points', 'count'])
    .where('user_id', '=', userId)
    .where('local_date', '>=', range.startDate)
    .where('local_date', '<=', range.endDate)
    .execute();
  const byDay = new Map(rows.map((row) => [row.local_date, row]));
  return daysOf(range).map((date) => ({ date, points: byDay.get(date)?.points ?? 0, count: byDay.get(date)?.count ?? 0 }));
};

/** What the points stats are counted over: local dates, `today` in the caller's zone. */
export interface StatsPeriods {
  today: LocalDate;
  /** The first day of today's week (by the user's weekStart) and of today's month. */
  weekStart: LocalDate;
  monthStart: LocalDate;
  range: DayRange;
}

/** Consecutive local days with points (net above zero), ending today, or yesterday when today has none yet. */
export const pointsStreak = async (db: ReadModelDb, userId: string, today: LocalDate): Promise<number> => {
  const PAGE = 400;
  let streak = 0;
  let expected = today;
  let before = iso(day(today).plus({ days: 1 }));
  for (;;) {
    const dates = await db
      .selectFrom('daily_points')
      .select('local_date')
      .where('user_id', '=', userId)
      .where('local_date', '<', before)
      .where('points', '>', 0)
      .orderBy('local_date', 'desc')
      .limit(PAGE)
      .execute();
    for (const { local_date: date } of dates) {
      // Nothing yet today: the streak may still end yesterday.
      if (streak === 0 && expected === today && date !== today) expected = iso(day(today).minus({ days: 1 }));
      if (date !== expected) return streak;
      streak += 1;
      expected = iso(day(date).minus({ days: 1 }));
    }
    if (dates.length < PAGE) return streak;
    before = dates[dates.length - 1]!.local_date;
  }
};

/** GET /points/stats: one range scan of daily_points for today, the week, the month and the range; the total from user_points. */
export const pointsStats = async (db: ReadModelDb, userId: string, periods: StatsPeriods): Promise<PointsStats> => {
  const { today, weekStart, monthStart, range } = periods;
  const from = [weekStart, monthStart, range.startDate, today].sort()[0]!;
  const to = [range.endDate, today].sort().at(-1)!;
  const sums = await db
    .selectFrom('daily_points')
    .select([
      sql<number>`coalesce(sum(points) filter (where local_date = ${today}), 0)::int`.as('today'),
      sql<number>`coalesce(sum(points) filter (where local_date between ${weekStart} and ${today}), 0)::int`.as('week'),
      sql<number>`coalesce(sum(points) filter (where local_date between ${monthStart} and ${today}), 0)::int`.as('month'),
      sql<number>`coalesce(sum(points) filter (where local_date between ${range.startDate} and ${range.endDate}), 0)::int`.as('range'),
    ])
    .where('user_id', '=', userId)
    .where('local_date', '>=', from)
    .where('local_date', '<=', to)
    .executeTakeFirstOrThrow();
  const total = await db.selectFrom('user_points').select('total').where('user_id', '=', userId).executeTakeFirst();
  return { ...sums, total: total?.total ?? 0, streak: await pointsStreak(db, userId, today) };
};

/** Net points over local dates, both included. */
export const pointsInRange = async (db: ReadModelDb, userId: string, range: DayRange): Promise<number> => {
  const { points } = await db
    .selectFrom('daily_points')
    .select(sql<number>`coalesce(sum(points), 0)::int`.as('points'))
    .where('user_id', '=', userId)
    .where('local_date', '>=', range.startDate)
    .where('local_date', '<=', range.endDate)
    .executeTakeFirstOrThrow();
  return points;
};

/** GET /points/recent: the caller's latest activity, newest first. */
export const recentActivities = async (db: ReadModelDb, userId: string, limit: number): Promise<Activity[]> => {
  const rows = await db
    .selectFrom('activities')
    .select(['event_id', 'type', 'title', 'points', 'occurred_at', 'entity_type', 'entity_id'])
    .where('user_id', '=', userId)
    .orderBy('occurred_at', 'desc')
    .orderBy('event_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.event_id,
    type: row.type,
    title: row.title,
    points: row.points,
    occurredAt: row.occurred_at.toISOString(),
    entityType: row.entity_type,
    entityId: row.entity_id,
  }));
};

/**
 * GET /points/leaderboard: the best totals first (ties by user id), active accounts only. Ties share
 * a rank (1, 2, 2, 4). Only rank, id, name and total leave this function: nothing else about anyone.
 */
export const leaderboard = async (db: ReadModelDb, limit: number): Promise<LeaderboardEntry[]> => {
  const rows = await db
    .selectFrom('user_points')
    .innerJoin('users', 'users.id', 'user_points.user_id')
    .select(['user_points.user_id', 'users.name', 'user_points.total'])
    .where('users.is_active', '=', true)
    .orderBy('user_points.total', 'desc')
    .orderBy('user_points.user_id')
    .limit(limit)
    .execute();
  let rank = 0;
  return rows.map((row, index) => {
    if (index === 0 || rows[index - 1]!.total !== row.total) rank = index + 1;
    return { rank, userId: row.user_id, name: row.name, totalPoints: row.total };
  });
};
