import { sql, type SelectQueryBuilder } from 'kysely';
import type { Actionable } from '@tracker/contracts/actionables/http';
import type { DailyActionable, DashboardSummary, TopAchievement } from '@tracker/contracts/dashboard/http';
import type { Goal, Subtask, Task } from '@tracker/contracts/goals/http';
import { isOccurrence } from '@tracker/domain/actionables/recurrence';
import { actionablesInRange, localDayBounds, toActionable } from '../actionables/actionables.queries.ts';
import type { ReadModelDb, ReadModels } from '../db.ts';
import { baseFields, pointsHistories } from '../goals/work-items.queries.ts';
import type { SubtaskRow, TaskRow } from '../goals/goals.tables.ts';
import { pointsPerDay, type DayRange } from '../points/points.queries.ts';

/** A calendar date, YYYY-MM-DD. */
type LocalDate = string;

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

/** Created, due or completed in the range: a union of three index scans, not one OR over the user's rows. */
const workItemsInRange = (db: ReadModelDb, table: WorkItemTable, userId: string, range: LocalRange) => {
  const { start, end } = instantsOf(range);
  const by = (column: 'created_at' | 'due_date' | 'completed_at') =>
    db.selectFrom(table).selectAll().where('user_id', '=', userId).where(column, '>=', start).where(column, '<', end);
  return by('created_at').union(by('due_date')).union(by('completed_at'));
};

const newestFirst = <T extends { createdAt: string; id: string }>(a: T, b: T): number =>
  b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const netPoints = (item: { pointsHistory: Array<{ points: number }> }): number => item.pointsHistory.reduce((sum, entry) => sum + entry.points, 0);

/** GET /dashboard/date-range/goals; totalPoints: the listed goals' net points (every award and revocation whose hierarchy names them). */
export const goalsInRange = async (db: ReadModelDb, userId: string, range: LocalRange) => {
  const rows = await workItemsInRange(db, 'goals', userId, range).execute();
  const histories = await pointsHistories(
    db,
    'goal',
    rows.map((row) => row.id),
  );
  const goals: Goal[] = rows.map((row) => baseFields(row, histories.get(row.id)!)).sort(newestFirst);
  return { goals, summary: { totalPoints: goals.reduce((sum, goal) => sum + netPoints(goal), 0), goalCount: goals.length } };
};

/** GET /dashboard/date-range/tasks. */
export const tasksInRange = async (db: ReadModelDb, userId: string, range: LocalRange) => {
  const rows = (await workItemsInRange(db, 'tasks', userId, range).execute()) as TaskRow[];
  const histories = await pointsHistories(
    db,
    'task',
    rows.map((row) => row.id),
  );
  const tasks: Task[] = rows.map((row) => ({ ...baseFields(row, histories.get(row.id)!), goalId: row.goal_id })).sort(newestFirst);
  return { tasks, summary: { taskCount: tasks.length } };
};

/** GET /dashboard/date-range/subtasks. */
export const subtasksInRange = async (db: ReadModelDb, userId: string, range: LocalRange) => {
  const rows = (await workItemsInRange(db, 'subtasks', userId, range).execute()) as SubtaskRow[];
  const histories = await pointsHistories(
    db,
    'subtask',
    rows.map((row) => row.id),
  );
  const subtasks: Subtask[] = rows.map((row) => ({ ...baseFields(row, histories.get(row.id)!), taskId: row.task_id, goalId: row.goal_id })).sort(newestFirst);
  return { subtasks, summary: { subtaskCount: subtasks.length } };
};

/**
 * GET /dashboard/date-range/actionables: the same items as GET /actionables/range. totalPoints: their
 * net points; completedCount: those completed; pendingCount: the rest (the two add up to the list).
 */
export const actionablesInRangeWithSummary = async (db: ReadModelDb, userId: string, today: LocalDate, range: LocalRange) => {
  const actionables: Actionable[] = await actionablesInRange(db, userId, today, range);
  const completedCount = actionables.filter((item) => item.status === 'completed').length;
  return {
    actionables,
    summary: {
      totalPoints: actionables.reduce((sum, item) => sum + item.pointsAwarded, 0),
      completedCount,
      pendingCount: actionables.length - completedCount,
    },
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
 * order expression decides: `points + 0` cannot be read from an index.
 */
const LONG_RANGE_DAYS = 60;
const spanOf = (range: DayRange): number => (Date.parse(range.endDate) - Date.parse(range.startDate)) / 86_400_000 + 1;

/**
 * The range's best awards that still stand (an award followed by its revocation, with no award of
 * the same item between, is left out), best first, then newest.
 */
export const topAchievements = async (db: ReadModelDb, userId: string, range: DayRange, limit = TOP_ACHIEVEMENTS): Promise<TopAchievement[]> => {
  const rows = await db
    .selectFrom('points_ledger as award')
    .select(['award.title', 'award.points', 'award.occurred_at', 'award.source_type'])
    .where('award.user_id', '=', userId)
    .where('award.local_date', '>=', range.startDate)
    .where('award.local_date', '<=', range.endDate)
    .where('award.kind', '=', 'award')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('points_ledger as revoke')
            .select(sql`1`.as('one'))
            .whereRef('revoke.source_id', '=', 'award.source_id')
            .where('revoke.kind', '=', 'revoke')
            .whereRef('revoke.occurred_at', '>=', 'award.occurred_at')
            .where((inner) =>
              inner.not(
                inner.exists(
                  inner
                    .selectFrom('points_ledger as again')
                    .select(sql`1`.as('one'))
                    .whereRef('again.source_id', '=', 'award.source_id')
                    .where('again.kind', '=', 'award')
                    .whereRef('again.occurred_at', '>', 'award.occurred_at')
                    .whereRef('again.occurred_at', '<=', 'revoke.occurred_at'),
                ),
              ),
            ),
        ),
      ),
    )
    .orderBy(spanOf(range) > LONG_RANGE_DAYS ? sql`award.points` : sql`award.points + 0`, 'desc')
    .orderBy('award.occurred_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ title: row.title, points: row.points, occurredAt: row.occurred_at.toISOString(), sourceType: row.source_type }));
};

/**
 * GET /dashboard/summary. Counts are of the items the date-range lists would show; completedCount:
 * goals, tasks and subtasks completed in the range plus the standing actionable and habit
 * completions recorded on its days; points and dailyPoints from daily_points (every day, zeros included).
 */
export const dashboardSummary = async (db: ReadModelDb, userId: string, range: LocalRange): Promise<DashboardSummary> => {
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

  const [goalsCount, tasksCount, subtasksCount, actionablesCount, completed, completions, days, achievements] = await Promise.all([
    countIds(db, workItems('goals')),
    countIds(db, workItems('tasks')),
    countIds(db, workItems('subtasks')),
    countIds(db, actionablesQuery),
    Promise.all((['goals', 'tasks', 'subtasks'] as const).map(completedWorkItems)),
    completionsIn
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => row.n),
    pointsPerDay(db, userId, range),
    topAchievements(db, userId, range),
  ]);
  return {
    totalPoints: days.reduce((sum, day) => sum + day.points, 0),
    goalsCount,
    tasksCount,
    subtasksCount,
    actionablesCount,
    completedCount: completed.reduce((sum, n) => sum + n, 0) + completions,
    topAchievements: achievements,
    dailyPoints: days.map(({ date, points }) => ({ date, points })),
  };
};

/**
 * GET /dashboard/daily-actionables: for the local date `date` in `zone` — actionables (not habits)
 * due that day or overdue and not completed, plus those of them completed that day (shown done,
 * so the day's list does not lose what was just ticked off); and the active habits scheduled that
 * day. `completedToday`: a habit's occurrence that day is credited; an actionable's completion was
 * recorded on that date. Overdue first (by deadline), then habits, newest first.
 */
export const dailyActionables = async (db: ReadModelDb, userId: string, date: LocalDate, zone: string): Promise<DailyActionable[]> => {
  const { end } = localDayBounds(date, zone);
  const doneToday = db.selectFrom('actionable_completions').select('actionable_id').where('user_id', '=', userId).where('local_date', '=', date);
  const [open, done, habits] = await Promise.all([
    db
      .selectFrom('actionables')
      .selectAll()
      .where('user_id', '=', userId)
      .where('is_habit', '=', false)
      .where('status', '<>', 'completed')
      .where('deadline', '<', end)
      .execute(),
    db
      .selectFrom('actionables')
      .selectAll()
      .where('id', 'in', doneToday)
      .where('user_id', '=', userId)
      .where('is_habit', '=', false)
      .where('status', '=', 'completed')
      .where('deadline', '<', end)
      .execute(),
    db.selectFrom('actionables').selectAll().where('user_id', '=', userId).where('is_habit', '=', true).where('active', '=', true).execute(),
  ]);
  const byDeadline = [...open, ...done].sort((a, b) => a.deadline!.getTime() - b.deadline!.getTime() || a.id.localeCompare(b.id));
  const doneIds = new Set(done.map((row) => row.id));
  const scheduled = habits
    .filter((row) => isOccurrence(row.recurrence, date))
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id.localeCompare(a.id));
  return [
    ...byDeadline.map((row) => ({ ...toActionable(row, date), completedToday: doneIds.has(row.id) })),
    ...scheduled.map((row) => ({ ...toActionable(row, date), completedToday: row.last_credited === date })),
  ];
};
