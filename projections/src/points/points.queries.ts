import { sql } from 'kysely';
import type { Activity, HeatmapDay, LeaderboardEntry, PointsStats } from '@tracker/contracts/points/http';
import { preparedRead, type ReadModelDb } from '../db.ts';
import { addDays, datesFrom, type LocalDate } from '@tracker/domain/time/local-date';

/*
 * Days are the local dates the ledger recorded with each award or revocation (the user's zone at
 * the time), never occurred_at converted to the zone of the request. Why: a day's points must not
 * move or split when the user travels or changes their zone setting (spec: changing the zone never
 * rewrites recorded local dates), every figure (stats, heatmap, daily points, summary, the ledger)
 * then agrees with every other, and daily_points can be summed ahead per (user, local date) and
 * read by its primary key. The requested zone only decides which local date is "today" and which
 * local date an ISO instant given as a range bound stands for.
 */

/** Local dates, both included. */
export interface DayRange {
  startDate: LocalDate;
  endDate: LocalDate;
}

/** Every local date of the range, oldest first. */
export const daysOf = (range: DayRange): LocalDate[] => datesFrom(range.startDate, range.endDate);

/**
 * The standing completions of to-dos and habits per local day of the range (days without any left
 * out): by the date each was recorded with, as points are; imported ones on the day they were done.
 * Read from the per-day sums the completions' triggers keep (migration 0008: a completion adds 1 to
 * `completed` on its own day's row, whatever the zone the rows are summed in), one row a day, not
 * counted from the completions themselves: for a year of five daily habits that was 6,491 rows read
 * and grouped, half of the dashboard summary's time in PostgreSQL.
 */
export const completionsPerDay = (db: ReadModelDb, userId: string, range: DayRange) =>
  db
    .selectFrom('actionables_by_day')
    .select(['from_date as local_date', 'completed as completions'])
    .where('user_id', '=', userId)
    .where('from_date', '>=', range.startDate)
    .where('from_date', '<=', range.endDate)
    .whereRef('to_date', '=', 'from_date')
    .where('completed', '>', sql.lit(0));

/**
 * Net points, ledger rows and completions per local day of the range, zeros included, oldest first.
 * One statement (the day's points beside its completions), planned once per connection: two
 * statements at once held two connections for every heatmap.
 */
const pointsPerDayStatement = preparedRead(
  'points_per_day',
  (db, { userId, startDate, endDate }: { userId: string; startDate: LocalDate; endDate: LocalDate }) => {
    const points = db
      .selectFrom('daily_points')
      .select(['local_date', 'points', 'count'])
      .where('user_id', '=', userId)
      .where('local_date', '>=', startDate)
      .where('local_date', '<=', endDate);
    return db
      .selectFrom(points.as('p'))
      .fullJoin(completionsPerDay(db, userId, { startDate, endDate }).as('c'), 'c.local_date', 'p.local_date')
      .select([sql<LocalDate>`coalesce(p.local_date, c.local_date)`.as('local_date'), 'p.points', 'p.count', 'c.completions']);
  },
);

export const pointsPerDay = async (db: ReadModelDb, userId: string, range: DayRange): Promise<HeatmapDay[]> => {
  const rows = await pointsPerDayStatement(db, { userId, startDate: range.startDate, endDate: range.endDate });
  const byDay = new Map(rows.map((row) => [row.local_date, row]));
  return daysOf(range).map((date) => {
    const day = byDay.get(date);
    return { date, points: day?.points ?? 0, count: day?.count ?? 0, completions: day?.completions ?? 0 };
  });
};

/** What the points stats are counted over: local dates, `today` in the caller's zone. */
export interface StatsPeriods {
  today: LocalDate;
  /** The first day of today's week (by the user's weekStart) and of today's month. */
  weekStart: LocalDate;
  monthStart: LocalDate;
  range: DayRange;
}

/**
 * Consecutive local days with points (net above zero), ending today, or yesterday when today has none
 * yet: the query, to run or to nest. Walking the user's days with points newest first, `local_date +
 * n − 1` stays on the run's last day exactly while the days are consecutive, and falls below it for
 * good at the first gap.
 */
const streakQuery = (db: ReadModelDb, userId: string, today: LocalDate, yesterday = addDays(today, -1)) =>
  db
    .selectFrom(
      db
        .selectFrom('daily_points')
        .select(['local_date', sql<number>`row_number() over (order by local_date desc)::int`.as('n')])
        .where('user_id', '=', userId)
        .where('local_date', '<=', today)
        .where('points', '>', 0)
        .as('days'),
    )
    .select((eb) => {
      const pointsToday = eb.exists(
        eb
          .selectFrom('daily_points')
          .select(sql`1`.as('one'))
          .where('user_id', '=', userId)
          .where('local_date', '=', today)
          .where('points', '>', 0),
      );
      const lastDay = sql`case when ${pointsToday} then ${today}::date else ${yesterday}::date end`;
      return sql<number>`count(*) filter (where local_date + (n - 1) = ${lastDay})::int`.as('streak');
    });

/** Consecutive local days with points (net above zero), ending today, or yesterday when today has none yet. */
export const pointsStreak = async (db: ReadModelDb, userId: string, today: LocalDate): Promise<number> =>
  (await streakQuery(db, userId, today).executeTakeFirstOrThrow()).streak;

/**
 * GET /points/stats in one statement: one range scan of daily_points for today, the week, the month
 * and the range; the total from user_points; the streak (pointsStreak).
 */
type StatsParams = {
  userId: string;
  today: LocalDate;
  yesterday: LocalDate;
  weekStart: LocalDate;
  monthStart: LocalDate;
  startDate: LocalDate;
  endDate: LocalDate;
  from: LocalDate;
  to: LocalDate;
};
const pointsStatsStatement = preparedRead(
  'points_stats',
  (db, { userId, today, yesterday, weekStart, monthStart, startDate, endDate, from, to }: StatsParams) =>
    db.selectNoFrom((eb) => [
      eb
        .selectFrom('daily_points')
        .select(
          sql<[number, number, number, number]>`array[
          coalesce(sum(points) filter (where local_date = ${today}), 0),
          coalesce(sum(points) filter (where local_date between ${weekStart} and ${today}), 0),
          coalesce(sum(points) filter (where local_date between ${monthStart} and ${today}), 0),
          coalesce(sum(points) filter (where local_date between ${startDate} and ${endDate}), 0)]::int[]`.as('sums'),
        )
        .where('user_id', '=', userId)
        .where('local_date', '>=', from)
        .where('local_date', '<=', to)
        .as('sums'),
      eb.selectFrom('user_points').select('total').where('user_id', '=', userId).as('total'),
      streakQuery(db, userId, today, yesterday).as('streak'),
    ]),
);

export const pointsStats = async (db: ReadModelDb, userId: string, periods: StatsPeriods): Promise<PointsStats> => {
  const { today, weekStart, monthStart, range } = periods;
  const from = [weekStart, monthStart, range.startDate, today].sort()[0]!;
  const to = [range.endDate, today].sort().at(-1)!;
  const [row] = await pointsStatsStatement(db, {
    userId,
    today,
    yesterday: addDays(today, -1),
    weekStart,
    monthStart,
    startDate: range.startDate,
    endDate: range.endDate,
    from,
    to,
  });
  const [todayPoints, week, month, inRange] = row!.sums!;
  return { today: todayPoints, week, month, range: inRange, total: row!.total ?? 0, streak: row!.streak ?? 0 };
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
 * a rank (1, 2, 2, 4). Only rank, name and total leave this function, and whether the row is the
 * viewer's: names and totals only, no one's id.
 */
const leaderboardStatement = preparedRead('leaderboard', (db, { limit }: { limit: number }) =>
  db
    .selectFrom('user_points')
    .innerJoin('users', 'users.id', 'user_points.user_id')
    // Who chose not to appear does not (user_settings.leaderboard_visible); a chosen name stands for theirs.
    .leftJoin('user_settings', 'user_settings.user_id', 'user_points.user_id')
    .select(['user_points.user_id', (eb) => eb.fn.coalesce('user_settings.leaderboard_name', 'users.name').as('name'), 'user_points.total'])
    .where('users.is_active', '=', sql.lit(true))
    .where((eb) => eb.fn.coalesce('user_settings.leaderboard_visible', eb.lit(true)), '=', sql.lit(true))
    .orderBy('user_points.total', 'desc')
    .orderBy('user_points.user_id')
    .limit(limit),
);

export const leaderboard = async (db: ReadModelDb, limit: number, viewerId: string): Promise<LeaderboardEntry[]> => {
  const rows = await leaderboardStatement(db, { limit });
  let rank = 0;
  return rows.map((row, index) => {
    if (index === 0 || rows[index - 1]!.total !== row.total) rank = index + 1;
    return { rank, name: row.name, totalPoints: row.total, isCurrentUser: row.user_id === viewerId };
  });
};
