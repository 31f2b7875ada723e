import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { DateTime } from 'luxon';
import type { Actionable, ActionableStatus } from '@tracker/contracts/actionables/http';
import type { DateRange as LocalDateRange } from '@tracker/domain/actionables/habit-schedule';
import type { LocalDate } from '@tracker/domain/time/local-date';
import { wallDayBounds } from '@tracker/domain/time/user-calendar';
import { prepared, preparedRead, type ReadModelDb, type ReadModels, type Row } from '../db.ts';
import { readNewestFirst, type Page, type PageRequest } from '../paging.ts';
import { actionableAnswer } from './actionable-answer.ts';
import { habitStreakOn, isScheduledOn, NO_HABIT_FACTS, scheduleOf, type HabitFacts } from './habit-today.ts';

// Every answer takes `today`: the caller's local date now (the request's clock), so a habit's streak
// and what it offers are read as of today — its streak 0 once a period passed without a credit or a
// freeze, with no event needed for a day that passed in silence — from its row, its latest
// completions and the freezes that cover it (habitFactsOf).

export interface ListFilter {
  /** Any of these statuses (all when absent). */
  statuses?: readonly ActionableStatus[] | undefined;
  isHabit?: boolean | undefined;
  /** Only what is due that local day in that zone: non-habits whose deadline falls on it, active habits it is an occurrence of. */
  due?: { date: LocalDate; timezone: string } | undefined;
}

/** Local dates, both included, in the caller's zone (UTC unless told). */
export interface DateRange {
  startDate: LocalDate;
  endDate: LocalDate;
  timezone?: string | undefined;
}

/**
 * The instants a local day spans in `zone`: [start, end), 23 or 25 hours on a DST day; from the first
 * time the clock reads midnight (Havana's 2025-11-02 reads it twice) to the next day's first.
 */
export const localDayBounds = (date: LocalDate, zone: string): { start: Date; end: Date } => {
  // Checked once per date and zone (luxon's parse was 0.1 ms of today's list): the bounds are remembered (wallDayBounds).
  const key = `${date} ${zone}`;
  if (!checkedDays.has(key)) {
    if (!DateTime.fromISO(date, { zone }).isValid) throw new Error(`Not a local date in ${zone}: ${date}`);
    if (checkedDays.size >= MAX_CHECKED_DAYS) checkedDays.clear();
    checkedDays.add(key);
  }
  const { start, end } = wallDayBounds(date, { zone, dayStartHour: 0 });
  return { start: new Date(start), end: new Date(end) };
};
const checkedDays = new Set<string>();
const MAX_CHECKED_DAYS = 10_000;

/** A row as answers carry it (contracts' `actionable`, built by `actionableAnswer`); a habit as of `today`, from `facts`. */
export const toActionable = (row: Row<'actionables'>, today: LocalDate, facts: HabitFacts = NO_HABIT_FACTS): Actionable =>
  actionableAnswer(
    {
      id: row.id,
      title: row.title,
      description: row.description,
      weight: row.weight,
      deadline: row.deadline,
      completedAt: row.completed_at,
      createdAt: row.created_at,
      userId: row.user_id,
      goalId: row.goal_id,
      taskId: row.task_id,
      subtaskId: row.subtask_id,
      isHabit: row.is_habit,
      streak: row.streak,
      lastCredited: row.last_credited,
      lastCompletedAt: row.last_completed_at,
      active: row.active,
      reminderTime: row.reminder_time,
      pointsAwarded: row.points_awarded,
      pointsToBeAwarded: row.points_to_be_awarded,
      recurrence: row.recurrence,
      status: row.status,
      startDate: row.start_date,
    },
    today,
    facts,
  );

/** The most completions a period holds (7 times per week): the latest ones hold today's period's and the latest day. */
const RECENT_COMPLETIONS = 7;

/** A user's freezes as ranges, by the habit they cover (null: all habits). */
const freezesOfUser = async (db: ReadModelDb, userId: string): Promise<Array<LocalDateRange & { habitId: string | null }>> =>
  (await db.selectFrom('habit_freezes').select(['habit_id', 'from_date', 'to_date']).where('user_id', '=', userId).orderBy('from_date').execute()).map(
    (freeze) => ({ habitId: freeze.habit_id, from: freeze.from_date, to: freeze.to_date }),
  );

/** The freezes that cover one habit: its own and those of all habits. */
export const freezesCovering = (freezes: ReadonlyArray<LocalDateRange & { habitId: string | null }>, habitId: string): LocalDateRange[] =>
  freezes.filter((freeze) => freeze.habitId === null || freeze.habitId === habitId).map(({ from, to }) => ({ from, to }));

/**
 * What a habit is answered from (habit-today.ts), as columns beside its row `h`: its latest
 * completions, the one claimed last (an index read each: by day, by claim) and the freezes of
 * `userId` that cover it (a few a month at most). One statement with the rows that need them.
 */
const habitFactColumns = (userId: string) => (eb: ExpressionBuilder<ReadModels & { h: ReadModels['actionables'] }, 'h'>) => [
  jsonArrayFrom(
    eb
      .selectFrom('habit_completions as c')
      .select(['c.date', 'c.period'])
      .whereRef('c.actionable_id', '=', 'h.id')
      .orderBy('c.date', 'desc')
      .limit(RECENT_COMPLETIONS),
  ).as('recent'),
  jsonObjectFrom(
    eb
      .selectFrom('habit_completions as c')
      .select(['c.date', 'c.period', 'c.claimed_on'])
      .whereRef('c.actionable_id', '=', 'h.id')
      .orderBy('c.claim', 'desc')
      .limit(1),
  ).as('last_claim'),
  jsonArrayFrom(
    eb
      .selectFrom('habit_freezes as f')
      .select(['f.from_date', 'f.to_date'])
      .where('f.user_id', '=', userId)
      .where((w) => w.or([w('f.habit_id', 'is', null), w('f.habit_id', '=', w.ref('h.id'))]))
      .orderBy('f.from_date'),
  ).as('freezes'),
];

/** The facts `habitFactColumns` read, as answers take them. */
const habitFactsFrom = ({
  recent,
  last_claim: lastClaim,
  freezes,
}: {
  recent: HabitFacts['credited'];
  last_claim: { date: LocalDate; period: LocalDate; claimed_on: LocalDate } | null;
  freezes: Array<{ from_date: LocalDate; to_date: LocalDate }>;
}): HabitFacts => ({
  credited: recent,
  lastClaim: lastClaim && { date: lastClaim.date, period: lastClaim.period, claimedOn: lastClaim.claimed_on },
  freezes: freezes.map((freeze) => ({ from: freeze.from_date, to: freeze.to_date })),
});

/** The facts of some habits, by their ids: built and compiled once (every habit answer and today's list read them). */
const habitFactsStatement = preparedRead('habit_facts_of', (db, { userId, ids }: { userId: string; ids: string[] }) =>
  db
    .selectFrom('actionables as h')
    .select('h.id')
    .select(habitFactColumns(userId))
    .where('h.id', '=', sql<string>`any(${ids}::uuid[])`),
);

/** The facts of the habits among `rows`, by id (habitFactColumns); non-habits need none. */
export const habitFactsOf = async (db: ReadModelDb, userId: string, rows: readonly Row<'actionables'>[]): Promise<Map<string, HabitFacts>> => {
  const ids = rows.filter((row) => row.is_habit).map((row) => row.id);
  if (ids.length === 0) return new Map();
  const found = await habitFactsStatement(db, { userId, ids });
  return new Map(found.map((habit) => [habit.id, habitFactsFrom(habit)]));
};

/** Rows as answers carry them, each habit with its facts (habitFactsOf). */
export const answersOf = async (db: ReadModelDb, userId: string, rows: readonly Row<'actionables'>[], today: LocalDate): Promise<Actionable[]> => {
  const facts = await habitFactsOf(db, userId, rows);
  return rows.map((row) => toActionable(row, today, facts.get(row.id)));
};

const listQuery = (db: ReadModelDb, userId: string, filter: ListFilter) => {
  let query = db.selectFrom('actionables').selectAll().where('user_id', '=', userId);
  if (filter.statuses && filter.statuses.length > 0) query = query.where('status', 'in', [...filter.statuses]);
  if (filter.isHabit !== undefined) query = query.where('is_habit', '=', filter.isHabit);
  const { due } = filter;
  if (due) {
    const { start, end } = localDayBounds(due.date, due.timezone);
    query = query.where((eb) =>
      eb.or([
        eb.and([eb('is_habit', '=', false), eb('deadline', '>=', start), eb('deadline', '<', end)]),
        eb.and([eb('is_habit', '=', true), eb('active', '=', true)]),
      ]),
    );
  }
  return query;
};

/**
 * GET /actionables (and /actionables/habits with isHabit): newest first, one page of them (all without
 * `page`). With `due`, a habit stays only if the day is one of its occurrences — calendar arithmetic
 * on its recurrence, after the page is read, so such a page may hold fewer items than its limit
 * (only `next` null says the list is over).
 */
export const listActionablesPage = async (
  db: ReadModelDb,
  userId: string,
  today: LocalDate,
  filter: ListFilter = {},
  page?: PageRequest,
): Promise<Page<Actionable>> => {
  const { items, next } = await readNewestFirst(listQuery(db, userId, filter), page, (query) => prepared(db, 'list_actionables', query));
  const { due } = filter;
  const wanted = due ? items.filter((row) => !row.is_habit || isScheduledOn(scheduleOf(row), due.date)) : items;
  return { items: await answersOf(db, userId, wanted, today), next };
};

/** Every actionable the filter finds, newest first (for callers inside the server; routes read pages). */
export const listActionables = async (db: ReadModelDb, userId: string, today: LocalDate, filter: ListFilter = {}): Promise<Actionable[]> =>
  (await listActionablesPage(db, userId, today, filter)).items;

const findStatement = preparedRead('find_actionable', (db, { userId, id }: { userId: string; id: string }) =>
  db.selectFrom('actionables as h').selectAll('h').select(habitFactColumns(userId)).where('h.id', '=', id).where('h.user_id', '=', userId),
);

/** GET /actionables/{id}: the caller's own, or nothing (another user's id reads as missing). */
export const findActionable = async (db: ReadModelDb, userId: string, id: string, today: LocalDate): Promise<Actionable | undefined> => {
  // The row and its habit facts in one statement: every command on an item answers with this.
  const [found] = await findStatement(db, { userId, id });
  if (!found) return undefined;
  const { recent, last_claim, freezes, ...row } = found;
  const facts = row.is_habit ? habitFactsFrom({ recent, last_claim, freezes }) : undefined;
  return toActionable(row, today, facts);
};

/**
 * The ids of the actionables created, due or completed in the range — created and due by instant
 * within the local days in the zone, completed by the local date each completion recorded (or, for an
 * import's history, its completedAt). A union of index scans (by created, by deadline, by completion
 * time, by completion day), not one OR over the user's rows.
 */
export const actionableIdsInRange = (db: ReadModelDb, userId: string, range: DateRange) => {
  const zone = range.timezone ?? 'UTC';
  const start = localDayBounds(range.startDate, zone).start;
  const end = localDayBounds(range.endDate, zone).end;
  const inRange = (column: 'created_at' | 'deadline' | 'completed_at') =>
    db.selectFrom('actionables').select('id').where('user_id', '=', userId).where(column, '>=', start).where(column, '<', end);
  const completedInRange = db
    .selectFrom('actionable_completions')
    .select('actionable_id as id')
    .where('user_id', '=', userId)
    .where('local_date', '>=', range.startDate)
    .where('local_date', '<=', range.endDate);
  return inRange('created_at').union(inRange('deadline')).union(inRange('completed_at')).union(completedInRange);
};

/** The caller's live actionables among `ids`. */
export const actionablesAmong = (db: ReadModelDb, userId: string, ids: ReturnType<typeof actionableIdsInRange>) =>
  db.selectFrom('actionables').selectAll().where('user_id', '=', userId).where('id', 'in', ids);

/** GET /actionables/range (and export): the range's actionables, newest first, one page of them (all without `page`). */
export const actionablesInRangePage = async (
  db: ReadModelDb,
  userId: string,
  today: LocalDate,
  range: DateRange,
  page?: PageRequest,
): Promise<Page<Actionable>> => {
  const { items, next } = await readNewestFirst(actionablesAmong(db, userId, actionableIdsInRange(db, userId, range)), page);
  return { items: await answersOf(db, userId, items, today), next };
};

/** Every actionable the range touches, newest first (for callers inside the server; routes read pages). */
export const actionablesInRange = async (db: ReadModelDb, userId: string, today: LocalDate, range: DateRange): Promise<Actionable[]> =>
  (await actionablesInRangePage(db, userId, today, range)).items;

export type ActionableStats = {
  total: number;
  pending: number;
  inProgress: number;
  completed: number;
  notApproached: number;
  completionRate: number;
  totalPoints: number;
  activeHabits: number;
  longestStreak: number;
};

/**
 * GET /actionables/stats over the caller's live actionables, habits included. completionRate:
 * completed / total, four decimals; totalPoints: their net points; longestStreak: the longest
 * streak standing today among habits (a broken one counts 0).
 */
export const actionableStats = async (db: ReadModelDb, userId: string, today: LocalDate): Promise<ActionableStats> => {
  const counts = await db
    .selectFrom('actionables')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(*) filter (where status = 'pending')::int`.as('pending'),
      sql<number>`count(*) filter (where status = 'in-progress')::int`.as('inProgress'),
      sql<number>`count(*) filter (where status = 'completed')::int`.as('completed'),
      sql<number>`count(*) filter (where status = 'not-approached')::int`.as('notApproached'),
      sql<number>`coalesce(sum(points_awarded), 0)::int`.as('totalPoints'),
      sql<number>`count(*) filter (where is_habit and active)::int`.as('activeHabits'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const streaks = await db
    .selectFrom('actionables')
    .select(['id', 'recurrence', 'start_date', 'last_credited', 'streak'])
    .where('user_id', '=', userId)
    .where('is_habit', '=', true)
    .where('streak', '>', 0)
    .execute();
  const freezes = streaks.length > 0 ? await freezesOfUser(db, userId) : [];
  const longestStreak = streaks.reduce(
    (longest, habit) =>
      Math.max(
        longest,
        habitStreakOn(
          scheduleOf(habit),
          { lastCredited: habit.last_credited, streak: habit.streak },
          { ...NO_HABIT_FACTS, freezes: freezesCovering(freezes, habit.id) },
          today,
        ),
      ),
    0,
  );
  const completionRate = counts.total === 0 ? 0 : Math.round((counts.completed / counts.total) * 10_000) / 10_000;
  return { ...counts, completionRate, longestStreak };
};

export interface HeatmapDay {
  date: LocalDate;
  count: number;
  points: number;
}

/**
 * GET /actionables/heatmap: standing completions per local date — the date each was made on where
 * it was made, so travel or a DST change neither moves nor splits a day. Optionally within local
 * dates (both included). Oldest first; days without completions are left out.
 */
export const actionableHeatmap = async (
  db: ReadModelDb,
  userId: string,
  range: Partial<Pick<DateRange, 'startDate' | 'endDate'>> = {},
): Promise<HeatmapDay[]> => {
  let query = db
    .selectFrom('actionable_completions')
    .select(['local_date as date', sql<number>`count(*)::int`.as('count'), sql<number>`coalesce(sum(points), 0)::int`.as('points')])
    .where('user_id', '=', userId);
  if (range.startDate) query = query.where('local_date', '>=', range.startDate);
  if (range.endDate) query = query.where('local_date', '<=', range.endDate);
  return query.groupBy('local_date').orderBy('local_date').execute();
};

/** How many live actionables and habits the user holds (the import's account limit). */
export const countActionables = async (db: ReadModelDb, userId: string): Promise<number> => {
  const { count } = await db
    .selectFrom('actionables')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
};

/** Which of `ids` are the user's own live actionables (an import skips those; another user's ids are never found). */
export const ownActionableIds = async (db: ReadModelDb, userId: string, ids: readonly string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('actionables')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((row) => row.id));
};
