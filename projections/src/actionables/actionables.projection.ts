import { sql, type Transaction } from 'kysely';
import type { ActionableFields } from '@tracker/contracts/actionables/events';
import { importedItemCreatedAt } from '@tracker/domain/actionables/import.decider';
import { executeShaped, ONE_TEXT, type ReadModels } from '../db.ts';
import { defineProjector, type ProjectedEvent } from '../projector.ts';
import type { ActionableRowUpdate, NewActionableCompletionRow, NewActionableRow, NewHabitCompletionRow } from './actionables.tables.ts';
import { insertRows, type OnConflict } from '../json-rows.ts';

type ActionableProjected = ProjectedEvent<
  | 'ActionablesImported'
  | 'ActionableCreated'
  | 'ActionableUpdated'
  | 'ActionableStatusChanged'
  | 'ActionableCompleted'
  | 'ActionableDeleted'
  | 'HabitCompleted'
  | 'HabitStreakExtended'
  | 'HabitStreakReset'
  | 'HabitCreditsRecounted'
  | 'HabitCompletionUndone'
  | 'PointsAwarded'
  | 'PointsRevoked'
>;

/**
 * Each field of an actionable as the columns it sets: a field without an entry here does not
 * compile, so neither a new row nor an update can leave one out.
 */
const fieldColumns: { [K in keyof ActionableFields]: (value: ActionableFields[K]) => ActionableRowUpdate } = {
  title: (title) => ({ title }),
  description: (description) => ({ description }),
  weight: (weight) => ({ weight }),
  deadline: (deadline) => ({ deadline }),
  isHabit: (is_habit) => ({ is_habit }),
  active: (active) => ({ active }),
  reminderTime: (reminder_time) => ({ reminder_time }),
  pointsToBeAwarded: (points_to_be_awarded) => ({ points_to_be_awarded }),
  recurrence: (recurrence) => ({ recurrence: JSON.stringify(recurrence) }),
  goalId: (goal_id) => ({ goal_id }),
  taskId: (task_id) => ({ task_id }),
  subtaskId: (subtask_id) => ({ subtask_id }),
};
const fieldNames = Object.keys(fieldColumns) as (keyof ActionableFields)[];

/** Only what the update names (undefined: not named); a null clears it. */
const changedColumns = (changes: Partial<ActionableFields>): ActionableRowUpdate => {
  const columns: ActionableRowUpdate = {};
  for (const field of fieldNames) {
    const value = changes[field];
    if (value !== undefined) Object.assign(columns, (fieldColumns[field] as (value: unknown) => ActionableRowUpdate)(value));
  }
  return columns;
};

type FieldColumn =
  | 'title'
  | 'description'
  | 'weight'
  | 'deadline'
  | 'is_habit'
  | 'active'
  | 'reminder_time'
  | 'points_to_be_awarded'
  | 'recurrence'
  | 'goal_id'
  | 'task_id'
  | 'subtask_id';

const newRow = (data: ProjectedEvent<'ActionableCreated'>['data'], occurredAt: string): NewActionableRow => {
  const { imported } = data;
  return {
    // Every field is given on creation, so every field's column is set.
    ...(changedColumns(data) as Pick<NewActionableRow, FieldColumn>),
    id: data.actionableId,
    user_id: data.userId,
    status: imported?.status ?? 'pending',
    // An import keeps the history an export carried (and awards nothing).
    streak: imported?.streak ?? 0,
    last_credited: imported?.lastCredited ?? null,
    start_date: data.startDate ?? null,
    last_completed_at: imported?.lastCompletedAt ?? null,
    completed_at: imported?.completedAt ?? null,
    points_awarded: 0,
    created_at: occurredAt,
    updated_at: occurredAt,
    last_status_at: null,
  };
};

/**
 * What an event does to its item's row, as columns to set (the same fold as the decider's `evolve`,
 * so answers built from a command's state and from this row agree).
 */
const rowChange = (
  event: Exclude<ActionableProjected, { type: 'ActionablesImported' | 'ActionableCreated' | 'ActionableDeleted' | 'PointsAwarded' | 'PointsRevoked' }>,
): ActionableRowUpdate => {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'ActionableUpdated':
      return { ...changedColumns(event.data.changes), updated_at: at };
    case 'ActionableStatusChanged':
      // Reaching completed keeps completed_at for the completion that follows (or a habit's last one).
      return { status: event.data.to, last_status_at: at, updated_at: at, ...(event.data.to === 'completed' ? {} : { completed_at: null }) };
    case 'ActionableCompleted':
      return { completed_at: event.data.completedAt, updated_at: at };
    case 'HabitCompleted':
      // last_credited is the last period met: the streak events that follow say whether this one met it
      // (a week of an N-per-week habit may still be short), and a backfill's recount says where it stands.
      return { completed_at: event.data.completedAt, last_completed_at: event.data.completedAt, updated_at: at };
    case 'HabitStreakReset':
      return { streak: 0, updated_at: at };
    case 'HabitStreakExtended':
      return { streak: event.data.streak, last_credited: event.data.occurrence, updated_at: at };
    case 'HabitCreditsRecounted':
      return { streak: event.data.current.streak, last_credited: event.data.current.lastCredited, updated_at: at };
    case 'HabitCompletionUndone': {
      const { current, lastCompletedAt } = event.data;
      return { streak: current.streak, last_credited: current.lastCredited, last_completed_at: lastCompletedAt, completed_at: lastCompletedAt, updated_at: at };
    }
  }
};

const completionRow = (event: ProjectedEvent<'ActionableCompleted' | 'HabitCompleted'>): NewActionableCompletionRow => ({
  event_id: event.id,
  actionable_id: event.data.actionableId,
  user_id: event.metadata.userId,
  local_date: event.data.localDate,
  timezone: event.data.timezone,
  occurred_at: event.data.completedAt,
  points: 0,
  is_habit: event.type === 'HabitCompleted',
});

/**
 * A completed to-do an import brought: its completion, worth nothing (an import awards no points), on
 * the day it was completed where it was imported, so history (heatmap, daily chart, summary) counts
 * it. Keyed by the item (one completion each; no event of its own). An import from before that day
 * was recorded (or an item created with its history, not through an import) counts on completedAt's
 * UTC date.
 */
const importedCompletionRow = (
  { actionableId, userId, isHabit, imported }: ProjectedEvent<'ActionableCreated'>['data'],
  timezone: string | undefined,
): NewActionableCompletionRow | undefined => {
  if (imported === undefined || isHabit || imported.status !== 'completed' || imported.completedAt === null) return undefined;
  return {
    event_id: actionableId,
    actionable_id: actionableId,
    user_id: userId,
    ...(imported.completedOn && timezone ? { local_date: imported.completedOn, timezone } : { local_date: imported.completedAt.slice(0, 10), timezone: 'UTC' }),
    occurred_at: imported.completedAt,
    points: 0,
    is_habit: false,
  };
};

const habitCompletionRow = (event: ProjectedEvent<'HabitCompleted'>): NewHabitCompletionRow => ({
  actionable_id: event.data.actionableId,
  date: event.data.occurrence,
  user_id: event.metadata.userId,
  period: event.data.period ?? event.data.occurrence,
  claimed_on: event.data.localDate,
  claimed_at: event.data.completedAt,
  claim: event.revision.toString(),
  backfilled: event.data.backfilled ?? false,
  points: 0,
  event_id: event.id,
});

const habitKey = (actionableId: string, date: string): string => `${actionableId} ${date}`;

/**
 * An award's points go to the completion it follows, in the same append: the one awaiting it in this
 * batch, or else (an earlier batch ended with the completion) the stored one `toStored` updates.
 */
const awardCompletion = async <C extends { points?: number }>(
  awaiting: Map<string, C>,
  id: string,
  points: number,
  toStored: () => Promise<unknown>,
): Promise<void> => {
  const completion = awaiting.get(id);
  awaiting.delete(id);
  if (completion) completion.points = points;
  else await toStored();
};

/** Each column an update may set, with its SQL type: changes to many rows go as one array per column. */
const columnTypes: { [Column in keyof Required<ActionableRowUpdate>]: string } = {
  id: 'uuid',
  user_id: 'uuid',
  title: 'text',
  description: 'text',
  weight: 'smallint',
  is_habit: 'boolean',
  active: 'boolean',
  points_to_be_awarded: 'integer',
  status: 'text',
  deadline: 'timestamptz',
  reminder_time: 'text',
  recurrence: 'jsonb',
  goal_id: 'uuid',
  task_id: 'uuid',
  subtask_id: 'uuid',
  streak: 'integer',
  last_credited: 'date',
  start_date: 'date',
  last_completed_at: 'timestamptz',
  completed_at: 'timestamptz',
  points_awarded: 'integer',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  last_status_at: 'timestamptz',
};

/** The points a row gained or lost in the batch: added to what it holds, not set. */
const POINTS_MOVED = 'points moved';

/**
 * The batch's changes to rows it did not create, with the points each row gained or lost: one UPDATE
 * per set of columns changed (a batch of completions, each with its award, is one), not one per row
 * or per kind of change — each statement also runs the day counts' trigger (0008) and writes a new
 * version of every row it touches.
 */
const writeChanges = async (
  trx: Transaction<ReadModels>,
  changed: ReadonlyMap<string, ActionableRowUpdate>,
  points: ReadonlyMap<string, number>,
): Promise<void> => {
  const byColumns = new Map<string, Array<[string, ActionableRowUpdate, number]>>();
  for (const id of new Set([...changed.keys(), ...points.keys()])) {
    const change = changed.get(id) ?? {};
    const delta = points.get(id) ?? 0;
    const columns = (Object.keys(change) as Array<keyof ActionableRowUpdate>).filter((column) => change[column] !== undefined).sort();
    const key = [...columns, ...(delta !== 0 ? [POINTS_MOVED] : [])].join(',');
    if (key !== '') byColumns.set(key, [...(byColumns.get(key) ?? []), [id, change, delta]]);
  }
  for (const [key, rows] of byColumns) {
    const columns = key.split(',').filter((column) => column !== POINTS_MOVED) as Array<keyof ActionableRowUpdate>;
    const moves = key.endsWith(POINTS_MOVED);
    if (rows.length === 1) {
      const [[id, change, delta]] = rows as [[string, ActionableRowUpdate, number]];
      await trx
        .updateTable('actionables')
        .set({ ...change, ...(moves ? { points_awarded: sql<number>`points_awarded + ${delta}::int` } : {}) })
        .where('id', '=', id)
        .execute();
      continue;
    }
    const given = [
      rows.map(([id]) => id),
      ...columns.map((column) => rows.map(([, change]) => change[column] ?? null)),
      ...(moves ? [rows.map(([, , delta]) => delta)] : []),
    ];
    await executeShaped(trx, `update actionables ${key}`, given, ([ids, ...placeholders]) => {
      const arrays = [
        ...columns.map((column, index) => sql`${placeholders[index]}::${sql.raw(columnTypes[column])}[]`),
        ...(moves ? [sql`${placeholders[columns.length]}::int[]`] : []),
      ];
      const names = [...columns.map((column) => sql.id(column)), ...(moves ? [sql.id('points_delta')] : [])];
      const values = sql`(SELECT ${sql.raw(ONE_TEXT)} * FROM unnest(${ids}::uuid[], ${sql.join(arrays)}) AS v(id, ${sql.join(names)}))`.as('v');
      return trx
        .updateTable('actionables')
        .from(values)
        .set({
          ...Object.fromEntries(columns.map((column) => [column, sql.ref(`v.${column}`)])),
          ...(moves ? { points_awarded: sql<number>`actionables.points_awarded + v.points_delta` } : {}),
        })
        .where(sql<boolean>`actionables.id = v.id`);
    });
  }
};

/** A day credited twice (never decided; a log from before one calendar might hold one): the later claim stands. */
const laterClaimStands: OnConflict<'habit_completions'> = {
  name: 'later claim stands',
  clause: (oc) =>
    oc.columns(['actionable_id', 'date']).doUpdateSet((eb) => ({
      period: eb.ref('excluded.period'),
      claimed_on: eb.ref('excluded.claimed_on'),
      claimed_at: eb.ref('excluded.claimed_at'),
      claim: eb.ref('excluded.claim'),
      backfilled: eb.ref('excluded.backfilled'),
      points: eb.ref('excluded.points'),
      event_id: eb.ref('excluded.event_id'),
    })),
};

/**
 * A batch's writes, coalesced: rows created in the batch are inserted once, with every later change
 * folded in; changes to older rows are merged per row; points move each row once; completions are
 * one insert. Deletions and a reopening's removal of its completion run where they fall, on what
 * earlier batches wrote. Same rows as applying the events one by one.
 */
const applyEvents = async (trx: Transaction<ReadModels>, events: ActionableProjected[]): Promise<void> => {
  const created = new Map<string, NewActionableRow>();
  const changed = new Map<string, ActionableRowUpdate>();
  const points = new Map<string, number>();
  const completions = new Map<string, NewActionableCompletionRow>();
  /** A completion still waiting for its award, per actionable. */
  const awaitingAward = new Map<string, NewActionableCompletionRow>();
  /** Habit completions claimed in the batch, by habit and day; and the one waiting for its award, per habit. */
  const habitCompletions = new Map<string, NewHabitCompletionRow>();
  const awaitingHabitAward = new Map<string, NewHabitCompletionRow>();

  for (const event of events) {
    switch (event.type) {
      case 'ActionablesImported':
        // The whole import at once: its items are visible together or not at all.
        event.data.items.forEach((item, index) => {
          created.set(item.actionableId, newRow(item, importedItemCreatedAt(event.metadata.occurredAt, index)));
          const completion = importedCompletionRow(item, event.data.timezone);
          if (completion) completions.set(completion.event_id, completion);
        });
        break;
      case 'ActionableCreated':
        // An imported item's own stream begins with a copy of what ActionablesImported already put here.
        if (event.data.importId === undefined) {
          created.set(event.data.actionableId, newRow(event.data, event.metadata.occurredAt));
          const completion = importedCompletionRow(event.data, undefined);
          if (completion) completions.set(completion.event_id, completion);
        }
        break;
      case 'ActionableDeleted': {
        const id = event.data.actionableId;
        if (!created.delete(id)) await trx.deleteFrom('actionables').where('id', '=', id).execute();
        changed.delete(id);
        points.delete(id);
        // A habit's completions go with it (its actionable_completions stay, as history).
        for (const [key, completion] of habitCompletions) if (completion.actionable_id === id) habitCompletions.delete(key);
        awaitingHabitAward.delete(id);
        await trx.deleteFrom('habit_completions').where('actionable_id', '=', id).execute();
        break;
      }
      case 'PointsAwarded':
      case 'PointsRevoked': {
        const id = event.data.hierarchy.actionableId;
        if (id === undefined) break;
        const delta = event.type === 'PointsAwarded' ? event.data.points : -event.data.points;
        const row = created.get(id);
        if (row) row.points_awarded = (row.points_awarded ?? 0) + delta;
        else points.set(id, (points.get(id) ?? 0) + delta);
        if (event.type === 'PointsAwarded') {
          // The item's latest completion, found through its index — not among all of a habit's
          // completions (a 3-year daily habit's 1,095 rows were read for the one awaiting).
          await awardCompletion(awaitingAward, id, event.data.points, () =>
            trx
              .updateTable('actionable_completions')
              .set({ points: event.data.points })
              .where('event_id', '=', (eb) =>
                eb.selectFrom('actionable_completions').select('event_id').where('actionable_id', '=', id).orderBy('occurred_at', 'desc').limit(1),
              )
              .where('points', '=', 0)
              .execute(),
          );
          if (event.data.source.type === 'habit')
            await awardCompletion(awaitingHabitAward, id, event.data.points, () =>
              trx
                .updateTable('habit_completions')
                .set({ points: event.data.points })
                .where('actionable_id', '=', id)
                .where('claim', '=', (eb) =>
                  eb.selectFrom('habit_completions').select('claim').where('actionable_id', '=', id).orderBy('claim', 'desc').limit(1),
                )
                .where('points', '=', 0)
                .execute(),
            );
        }
        break;
      }
      default: {
        const id = event.data.actionableId;
        const change = rowChange(event);
        const row = created.get(id);
        if (row) Object.assign(row, change);
        else changed.set(id, { ...changed.get(id), ...change });
        if (event.type === 'ActionableCompleted' || event.type === 'HabitCompleted') {
          const completion = completionRow(event);
          completions.set(completion.event_id, completion);
          awaitingAward.set(id, completion);
        }
        if (event.type === 'HabitCompleted') {
          const habitCompletion = habitCompletionRow(event);
          habitCompletions.set(habitKey(id, habitCompletion.date), habitCompletion);
          awaitingHabitAward.set(id, habitCompletion);
        }
        if (event.type === 'HabitCompletionUndone') {
          // Taken back: its completion goes, here and from the completions the heatmap and the dashboard count.
          const key = habitKey(id, event.data.occurrence);
          const inBatch = habitCompletions.get(key);
          habitCompletions.delete(key);
          const eventIds = inBatch
            ? [inBatch.event_id]
            : (
                await trx
                  .deleteFrom('habit_completions')
                  .where('actionable_id', '=', id)
                  .where('date', '=', event.data.occurrence)
                  .returning('event_id')
                  .execute()
              ).map((row) => row.event_id);
          for (const eventId of eventIds) {
            if (!completions.delete(eventId)) await trx.deleteFrom('actionable_completions').where('event_id', '=', eventId).execute();
          }
        }
        if (event.type === 'ActionableStatusChanged' && event.data.from === 'completed') {
          // Reopened: its standing completion goes (a habit's go only when taken back, above).
          for (const [key, completion] of completions) if (completion.actionable_id === id && !completion.is_habit) completions.delete(key);
          await trx.deleteFrom('actionable_completions').where('actionable_id', '=', id).where('is_habit', '=', false).execute();
        }
      }
    }
  }

  if (created.size > 0) await insertRows(trx, 'actionables', [...created.values()], { jsonText: ['recurrence'] }).execute();
  await writeChanges(trx, changed, points);
  if (completions.size > 0) await insertRows(trx, 'actionable_completions', [...completions.values()]).execute();
  if (habitCompletions.size > 0) await insertRows(trx, 'habit_completions', [...habitCompletions.values()], { onConflict: laterClaimStands }).execute();
};

/**
 * actionables (one row per live actionable or habit, net points from the awards and revocations
 * that name it), actionable_completions (the standing completions, for heatmaps and history) and
 * habit_completions (a live habit's standing completions: the day credited, its period, when it was
 * claimed, what it earned).
 * A deleted goal, task or subtask is not followed here: unlinking is a reactor's (it appends).
 */
export const actionablesProjection = defineProjector({
  name: 'actionables',
  handles: [
    'ActionablesImported',
    'ActionableCreated',
    'ActionableUpdated',
    'ActionableStatusChanged',
    'ActionableCompleted',
    'ActionableDeleted',
    'HabitCompleted',
    'HabitStreakExtended',
    'HabitStreakReset',
    'HabitCreditsRecounted',
    'HabitCompletionUndone',
    'PointsAwarded',
    'PointsRevoked',
  ],
  apply: (trx, event) => applyEvents(trx, [event]),
  applyBatch: applyEvents,
});
