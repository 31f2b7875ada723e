import { sql, type SelectQueryBuilder } from 'kysely';
import type { Actionable } from '@tracker/contracts/actionables/http';
import type { DailyActionable, DashboardSummary, TopAchievement } from '@tracker/contracts/dashboard/http';
import type { Goal, Subtask, Task } from '@tracker/contracts/goals/http';
import { actionableIdsInRange, actionablesInRangePage, habitFactsOf, localDayBounds, toActionable } from '../actionables/actionables.queries.ts';
import { historyOf } from '../actionables/habit-history.queries.ts';
import { isScheduledOn, NO_HABIT_FACTS, scheduleOf, type HabitFacts } from '../actionables/habit-today.ts';
import { preparedRead, type ReadModelDb, type ReadModels, type Row } from '../db.ts';
import { baseFields, pointsHistories } from '../goals/work-items.queries.ts';
import { readNewestFirst, type PageRequest } from '../paging.ts';
import { completionsPerDay, daysOf, type DayRange } from '../points/points.queries.ts';
import { addDays, type LocalDate } from '@tracker/domain/time/local-date';

/**
 * Local dates, both included, in a zone. Items are in a range when created, due or completed within
 * the instants those local days span in the zone (their rows keep instants, not recorded dates);
 * points and actionable completions count by the local date they were recorded with (see
 * points.queries.ts for why).
 */
export interface LocalRange extends DayRange {
  timezone: string;
}

const instantsOf = (range: LocalRange) => ({
  start: localDayBounds(range.startDate, range.timezone).start,
  end: localDayBounds(range.endDate, range.timezone).end,
});

type WorkItemTable = 'goals' | 'tasks' | 'subtasks';

/** The ids of the items created, due or completed in the range: a union of three index scans, not one OR over the user's rows. */
const workItemIdsInRange = (db: ReadModelDb, table: WorkItemTable, userId: string, range: LocalRange) => {
  const { start, end } = instantsOf(range);
  const by = (column: 'created_at' | 'due_date' | 'completed_at') =>
    db.selectFrom(table).select('id').where('user_id', '=', userId).where(column, '>=', start).where(column, '<', end);
  return by('created_at').union(by('due_date')).union(by('completed_at'));
};

/** The range's items of a table, newest first: one page (all without `page`), with the count of the whole range. */
const workItemsInRange = async (db: ReadModelDb, table: WorkItemTable, userId: string, range: LocalRange, page: PageRequest | undefined) => {
  const ids = workItemIdsInRange(db, table, userId, range);
  const rows = db.selectFrom(table).selectAll().where('user_id', '=', userId).where('id', 'in', ids);
  const [listed, count] = await Promise.all([readNewestFirst(rows, page), countIds(db, ids)]);
  return { ...listed, ids, count };
};

/**
 * GET /dashboard/date-range/goals, one page of the goals (all without `page`), newest first. The
 * summary is the whole range's: goalCount, and totalPoints — the net points of every goal in it
 * (every award and revocation whose hierarchy names them).
 */
export const goalsInRange = async (db: ReadModelDb, userId: string, range: LocalRange, page?: PageRequest) => {
  const { items: rows, next, ids, count } = await workItemsInRange(db, 'goals', userId, range, page);
  const [histories, totalPoints] = await Promise.all([
    pointsHistories(
      db,
      'goal',
      rows.map((row) => row.id),
    ),
    db
      .selectFrom('points_ledger')
      .select(sql<number>`coalesce(sum(points), 0)::int`.as('total'))
      .where('goal_id', 'in', ids)
      .executeTakeFirstOrThrow()
      .then((row) => row.total),
  ]);
  const goals: Goal[] = rows.map((row) => baseFields(row, histories.get(row.id)!));
  return { goals, summary: { totalPoints, goalCount: count }, next };
};

/** GET /dashboard/date-range/tasks: one page (all without `page`); taskCount counts the whole range. */
export const tasksInRange = async (db: ReadModelDb, userId: string, range: LocalRange, page?: PageRequest) => {
  const { items, next, count } = await workItemsInRange(db, 'tasks', userId, range, page);
  const rows = items as Row<'tasks'>[];
  const histories = await pointsHistories(
    db,
    'task',
    rows.map((row) => row.id),
  );
  const tasks: Task[] = rows.map((row) => ({ ...baseFields(row, histories.get(row.id)!), goalId: row.goal_id }));
  return { tasks, summary: { taskCount: count }, next };
};

/** GET /dashboard/date-range/subtasks: one page (all without `page`); subtaskCount counts the whole range. */
export const subtasksInRange = async (db: ReadModelDb, userId: string, range: LocalRange, page?: PageRequest) => {
  const { items, next, count } = await workItemsInRange(db, 'subtasks', userId, range, page);
  const rows = items as Row<'subtasks'>[];
  const histories = await pointsHistories(
    db,
    'subtask',
    rows.map((row) => row.id),
  );
  const subtasks: Subtask[] = rows.map((row) => ({ ...baseFields(row, histories.get(row.id)!), taskId: row.task_id, goalId: row.goal_id }));
  return { subtasks, summary: { subtaskCount: count }, next };
};

/**
 * GET /dashboard/date-range/actionables: the same items as GET /actionables/range, one page of them
 * (all without `page`). The summary is the whole range's: totalPoints, their net points;
 * completedCount, those completed; pendingCount, the rest (the two add up to the range's items).
 */
export const actionablesInRangeWithSummary = async (db: ReadModelDb, userId: string, today: LocalDate, range: LocalRange, page?: PageRequest) => {
  const [listed, totals] = await Promise.all([
    actionablesInRangePage(db, userId, today, range, page),
    db
      .selectFrom('actionables')
      .select([
        sql<number>`count(*)::int`.as('count'),
        sql<number>`count(*) filter (where status = 'completed')::int`.as('completedCount'),
        sql<number>`coalesce(sum(points_awarded), 0)::int`.as('totalPoints'),
      ])
      .where('user_id', '=', userId)
      .where('id', 'in', actionableIdsInRange(db, userId, range))
      .executeTakeFirstOrThrow(),
  ]);
  const actionables: Actionable[] = listed.items;
  return {
    actionables,
    summary: { totalPoints: totals.totalPoints, completedCount: totals.completedCount, pendingCount: totals.count - totals.completedCount },
    next: listed.next,
  };
};

/** How many ids a query finds: counted by the database, not fetched. */
const countIds = async <Tables extends keyof ReadModels>(db: ReadModelDb, query: SelectQueryBuilder<ReadModels, Tables, { id: string }>): Promise<number> => {
  const { n } = await db
    .selectFrom(query.as('items'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return n;
};

const TOP_ACHIEVEMENTS = 5;
/**
 * Two index paths to the best few awards: over a long range, walk the user's awards best first
 * (points_ledger_awards_by_user_points) until enough fall in the range; over a short one, take the
 * range's awards by day (points_ledger_by_user_day) and sort those few. The planner takes the walk
 * for short ranges too, where the range's awards lie scattered through the points order, so the
 * order expression decides: `points + 0` cannot be read from an index. And the summary's statement
 * is named, so PostgreSQL may keep one generic plan for every user: it estimates a user's awards as
 * a few, and chose the range's awards by day even over a year (a user with 100,000 events: 6.5 ms
 * against 0.02 ms), so over a long range `local_date + 0` cannot be read from that index either.
 * The kinds are literals for the same plan: `kind = $1` cannot use the awards' partial index.
 */
const LONG_RANGE_DAYS = 60;
const isLongRange = (range: DayRange): boolean => (Date.parse(range.endDate) - Date.parse(range.startDate)) / 86_400_000 + 1 > LONG_RANGE_DAYS;

/**
 * The range's best awards that still stand (an award followed by its revocation, with no award of
 * the same item between, is left out), best first, then newest: the query, to run or to nest.
 */
const topAchievementsQuery = (db: ReadModelDb, userId: string, range: DayRange, limit: number, long = isLongRange(range)) => {
  const day = long ? sql<LocalDate>`award.local_date + 0` : sql<LocalDate>`award.local_date`;
  return db
    .selectFrom('points_ledger as award')
    .select(['award.title', 'award.points', 'award.occurred_at', 'award.source_type'])
    .where('award.user_id', '=', userId)
    .where(day, '>=', range.startDate)
    .where(day, '<=', range.endDate)
    .where('award.kind', '=', sql.lit('award'))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('points_ledger as revoke')
            .select(sql`1`.as('one'))
            .whereRef('revoke.source_id', '=', 'award.source_id')
            .where('revoke.kind', '=', sql.lit('revoke'))
            .whereRef('revoke.occurred_at', '>=', 'award.occurred_at')
            .where((inner) =>
              inner.not(
                inner.exists(
                  inner
                    .selectFrom('points_ledger as again')
                    .select(sql`1`.as('one'))
                    .whereRef('again.source_id', '=', 'award.source_id')
                    .where('again.kind', '=', sql.lit('award'))
                    .whereRef('again.occurred_at', '>', 'award.occurred_at')
                    .whereRef('again.occurred_at', '<=', 'revoke.occurred_at'),
                ),
              ),
            ),
        ),
      ),
    )
    .orderBy(long ? sql`award.points` : sql`award.points + 0`, 'desc')
    .orderBy('award.occurred_at', 'desc')
    .limit(limit);
};

/** The range's best awards that still stand, best first, then newest. */
export const topAchievements = async (db: ReadModelDb, userId: string, range: DayRange, limit = TOP_ACHIEVEMENTS): Promise<TopAchievement[]> => {
  const rows = await topAchievementsQuery(db, userId, range, limit).execute();
  return rows.map((row) => ({ title: row.title, points: row.points, occurredAt: row.occurred_at.toISOString(), sourceType: row.source_type }));
};

type ByDayTable = 'goals_by_day' | 'tasks_by_day' | 'subtasks_by_day' | 'actionables_by_day';
const BY_DAY_TABLES = ['goals_by_day', 'tasks_by_day', 'subtasks_by_day', 'actionables_by_day'] as const;

interface SummaryCounts {
  goalsCount: number;
  tasksCount: number;
  subtasksCount: number;
  actionablesCount: number;
  completedCount: number;
}

/**
 * The counts from the items themselves: what the date-range lists would show, by instant within the
 * range's local days in its zone, and the standing completions recorded on its days. Reads every item
 * of the range: the summary takes this path only when the per-day sums were counted in another zone.
 */
const countsFromItems = async (db: ReadModelDb, userId: string, range: LocalRange): Promise<SummaryCounts> => {
  const { start, end } = instantsOf(range);
  const actionablesIn = (column: 'created_at' | 'deadline' | 'completed_at') =>
    db.selectFrom('actionables').select('id').where('user_id', '=', userId).where(column, '>=', start).where(column, '<', end);
  const completionsIn = db
    .selectFrom('actionable_completions')
    .where('user_id', '=', userId)
    .where('local_date', '>=', range.startDate)
    .where('local_date', '<=', range.endDate);
  const actionablesQuery = actionablesIn('created_at')
    .union(actionablesIn('deadline'))
    .union(actionablesIn('completed_at'))
    .union(db.selectFrom('actionables').select('id').where('user_id', '=', userId).where('id', 'in', completionsIn.select('actionable_id')));
  const workItems = (table: WorkItemTable) => {
    const by = (column: 'created_at' | 'due_date' | 'completed_at') =>
      db.selectFrom(table).select('id').where('user_id', '=', userId).where(column, '>=', start).where(column, '<', end);
    return by('created_at').union(by('due_date')).union(by('completed_at'));
  };
  const completedWorkItems = (table: WorkItemTable) =>
    db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('completed_at', '>=', start)
      .where('completed_at', '<', end)
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow()
      .then((row) => row.n);
  const [goalsCount, tasksCount, subtasksCount, actionablesCount, completed, completions] = await Promise.all([
    countIds(db, workItems('goals')),
    countIds(db, workItems('tasks')),
    countIds(db, workItems('subtasks')),
    countIds(db, actionablesQuery),
    Promise.all((['goals', 'tasks', 'subtasks'] as const).map(completedWorkItems)),
    completionsIn
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => row.n),
  ]);
  return { goalsCount, tasksCount, subtasksCount, actionablesCount, completedCount: completed.reduce((sum, n) => sum + n, 0) + completions };
};

/**
 * GET /dashboard/summary. Counts are of the items the date-range lists would show; completedCount:
 * goals, tasks and subtasks completed in the range plus the standing actionable and habit
 * completions recorded on its days; points and dailyPoints from daily_points (every day, zeros included),
 * each day with its completions of to-dos and habits (imported ones too, which earn nothing).
 *
 * One statement: the counts from the per-day sums (dashboard.tables.ts: the rows inside the range sum
 * to the items touched in it), the zone each was summed in, the range's daily points and its best
 * awards. When a table's sums are in another zone than the range's (the user's zone changed and no
 * write has summed them again yet, or the range asks for another zone), the counts come from the items.
 */
/** The summary's statement, one text per kind of range (which index finds the best awards): built and compiled once. */
const summaryStatement = (long: boolean) =>
  preparedRead(
    `dashboard_summary_${long ? 'long' : 'short'}`,
    (db, { userId, startDate, endDate }: { userId: string; startDate: LocalDate; endDate: LocalDate }) => {
      const sums = (table: ByDayTable) =>
        db
          .selectFrom(table)
          .select(sql<[number, number]>`array[coalesce(sum(items), 0), coalesce(sum(completed), 0)]::int[]`.as('sums'))
          .where('user_id', '=', userId)
          .where('from_date', '>=', startDate)
          .where('from_date', '<=', endDate)
          .where('to_date', '<=', endDate);
      const zone = (table: ByDayTable) => db.selectFrom(table).select('timezone').where('user_id', '=', userId).limit(1);
      return db.selectNoFrom((eb) => [
        eb.selectFrom(sums('goals_by_day').as('s')).select('s.sums').as('goals'),
        eb.selectFrom(sums('tasks_by_day').as('s')).select('s.sums').as('tasks'),
        eb.selectFrom(sums('subtasks_by_day').as('s')).select('s.sums').as('subtasks'),
        eb.selectFrom(sums('actionables_by_day').as('s')).select('s.sums').as('actionables'),
        sql<Array<string | null>>`array[${sql.join(BY_DAY_TABLES.map((table) => zone(table)))}]`.as('zones'),
        eb
          .selectFrom('daily_points')
          .select(sql<Array<[LocalDate, number]>>`coalesce(json_agg(json_build_array(local_date, points) order by local_date), '[]')`.as('days'))
          .where('user_id', '=', userId)
          .where('local_date', '>=', startDate)
          .where('local_date', '<=', endDate)
          .as('days'),
        eb
          .selectFrom(completionsPerDay(db, userId, { startDate, endDate }).as('c'))
          .select(sql<Array<[LocalDate, number]>>`coalesce(json_agg(json_build_array(c.local_date, c.completions)), '[]')`.as('completions'))
          .as('completions'),
        eb
          .selectFrom(topAchievementsQuery(db, userId, { startDate, endDate }, TOP_ACHIEVEMENTS, long).as('t'))
          .select(sql<TopAchievementRow[]>`coalesce(json_agg(t order by t.points desc, t.occurred_at desc), '[]')`.as('top'))
          .as('top'),
      ]);
    },
  );
const summaryStatements = { long: summaryStatement(true), short: summaryStatement(false) };

export const dashboardSummary = async (db: ReadModelDb, userId: string, range: LocalRange): Promise<DashboardSummary> => {
  const { startDate, endDate } = range;
  const [row] = await summaryStatements[isLongRange(range) ? 'long' : 'short'](db, { userId, startDate, endDate });
  if (!row) throw new Error('the summary statement answered no row');
  const counts: SummaryCounts = row.zones.every((summedIn) => summedIn === null || summedIn === range.timezone)
    ? {
        goalsCount: row.goals![0],
        tasksCount: row.tasks![0],
        subtasksCount: row.subtasks![0],
        actionablesCount: row.actionables![0],
        completedCount: row.goals![1] + row.tasks![1] + row.subtasks![1] + row.actionables![1],
      }
    : await countsFromItems(db, userId, range);
  const pointsOn = new Map(row.days);
  const completionsOn = new Map(row.completions);
  const dailyPoints = daysOf(range).map((date) => ({ date, points: pointsOn.get(date) ?? 0, completions: completionsOn.get(date) ?? 0 }));
  return {
    totalPoints: dailyPoints.reduce((sum, day) => sum + day.points, 0),
    ...counts,
    topAchievements: row.top!.map((award) => ({
      title: award.title,
      points: award.points,
      occurredAt: new Date(award.occurred_at).toISOString(),
      sourceType: award.source_type,
    })),
    dailyPoints,
  };
};

/** An award as json_agg hands it over: the instant as PostgreSQL writes it. */
interface TopAchievementRow {
  title: string;
  points: number;
  occurred_at: string;
  source_type: TopAchievement['sourceType'];
}

/** At most this many actionables (not habits) in today's list: those with the latest deadlines. */
export const DAILY_ACTIONABLES_LIMIT = 50;

/**
 * Today's list's statement, built and compiled once: its constants literals, so the plan PostgreSQL
 * keeps for every user can read the open to-dos' partial index (migration 0019).
 */
const dailyActionablesStatement = preparedRead('daily_actionables', (db, { userId, date, end }: { userId: string; date: LocalDate; end: Date }) => {
  const doneToday = db.selectFrom('actionable_completions').select('actionable_id').where('user_id', '=', userId).where('local_date', '=', date);
  const open = db
    .selectFrom('actionables')
    .selectAll()
    .select(sql<boolean>`false`.as('done_today'))
    .where('user_id', '=', userId)
    .where('is_habit', '=', sql.lit(false))
    .where('deadline', '<', end)
    .where('status', '<>', sql.lit('completed'))
    .orderBy('deadline', 'desc')
    .orderBy('id', 'desc')
    .limit(sql.lit(DAILY_ACTIONABLES_LIMIT));
  // Read from the day's completions, each item looked up by its id (LATERAL: in that order, whatever
  // the planner guesses): read from the items, a user with 3,199 completed to-dos had each of them
  // probed for a completion that day (2.7 ms of the list's 3.1 ms, EXPLAIN ANALYZE).
  const done = db
    .selectFrom(doneToday.distinct().as('today'))
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('actionables')
          .selectAll()
          .whereRef('actionables.id', '=', 'today.actionable_id')
          .where('user_id', '=', userId)
          .where('is_habit', '=', sql.lit(false))
          .where('deadline', '<', end)
          .where('status', '=', sql.lit('completed'))
          .as('item'),
      (join) => join.onTrue(),
    )
    .selectAll('item')
    .select(sql<boolean>`true`.as('done_today'))
    .orderBy('item.deadline', 'desc')
    .orderBy('item.id', 'desc')
    .limit(sql.lit(DAILY_ACTIONABLES_LIMIT));
  // Each part a subquery of its own: a part's ORDER BY and LIMIT cannot stand bare in a UNION.
  const latest = db
    .selectFrom(
      db
        .selectFrom(open.as('open'))
        .selectAll()
        .unionAll(db.selectFrom(done.as('done')).selectAll())
        .as('due'),
    )
    .selectAll()
    .orderBy('deadline', 'desc')
    .orderBy('id', 'desc')
    .limit(sql.lit(DAILY_ACTIONABLES_LIMIT));
  const habits = db
    .selectFrom('actionables')
    .selectAll()
    .select((eb) => eb('id', 'in', doneToday).$castTo<boolean>().as('done_today'))
    .where('user_id', '=', userId)
    .where('is_habit', '=', sql.lit(true))
    .where('active', '=', sql.lit(true));
  return db
    .selectFrom(latest.as('latest'))
    .selectAll()
    .unionAll(db.selectFrom(habits.as('habits')).selectAll());
});

/**
 * GET /dashboard/daily-actionables: for the local date `date` in `zone` — actionables (not habits)
 * due that day or overdue and not completed, plus those of them completed that day (shown done,
 * so the day's list does not lose what was just ticked off), at most DAILY_ACTIONABLES_LIMIT of them
 * (the latest deadlines: today's first, then the most recently overdue); and the active habits
 * the day concerns, as their cards on the Habits page tell them (the same habitToday): scheduled
 * that day, or offering a completion now (an earlier occurrence still open: a Mon/Wed/Fri habit on a
 * Thursday 'Counts for Wed'), or completed that day (so the list keeps what was just ticked off).
 * `completedToday`: a habit's period is met (its card says done); an actionable's completion was
 * recorded on that date. Overdue first (by deadline), then habits, newest first.
 */
export const dailyActionables = async (db: ReadModelDb, userId: string, date: LocalDate, zone: string): Promise<DailyActionable[]> => {
  const rows = await dailyActionablesStatement(db, { userId, date, end: localDayBounds(date, zone).end });
  const byDeadline = rows.filter((row) => !row.is_habit).sort((a, b) => a.deadline!.getTime() - b.deadline!.getTime() || a.id.localeCompare(b.id));
  const habitRows = rows.filter((row) => row.is_habit).sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id.localeCompare(a.id));
  const ordered = [...byDeadline, ...habitRows];
  // The rows go on with their done_today beside the columns: copying each without it (a rest spread of
  // some 25 fields, twice) was 0.2 ms of the list's CPU, and nothing past here reads more than it names.
  const facts = await habitFactsOf(db, userId, ordered);
  // A habit is done that day when its period is met (or a later day credited): what its card says.
  return ordered.flatMap((row) => {
    const answer = toActionable(row, date, facts.get(row.id));
    if (answer.isHabit && !concernsDay(row, answer, date)) return [];
    return [
      {
        ...answer,
        completedToday: answer.isHabit ? answer.habitToday?.state === 'done' : row.done_today,
        openYesterday: row.is_habit ? openYesterday(row, facts.get(row.id) ?? NO_HABIT_FACTS, date) : null,
      },
    ];
  });
};

/**
 * The day before `today` when it is one of the habit's occurrences left open — missed, as its history
 * tells it (scheduled from its start, not credited, not frozen, its period over: not the one a
 * completion today counts for) — and not credited as an import's last (no completion of its own
 * recorded it); else null.
 */
export const openYesterday = (row: Row<'actionables'>, facts: HabitFacts, today: LocalDate): LocalDate | null => {
  const yesterday = addDays(today, -1);
  if (row.last_credited === yesterday) return null;
  const credited = facts.credited.map(({ date, period }) => ({ date, period, backfilled: false }));
  const [day] = historyOf(scheduleOf(row), credited, facts.freezes, { from: yesterday, to: yesterday }, today);
  return day?.state === 'missed' ? yesterday : null;
};

/**
 * Whether a habit belongs on the day's list: the day is one of its occurrences, its card offers a
 * completion now (due or frozen: an earlier occurrence may be the one it counts for), or it was
 * completed that day.
 */
const concernsDay = (row: Row<'actionables'> & { done_today: boolean }, answer: Actionable, date: LocalDate): boolean =>
  isScheduledOn(scheduleOf(row), date) || answer.habitToday?.state === 'due' || answer.habitToday?.state === 'frozen' || row.done_today;
