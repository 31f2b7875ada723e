import type { ColumnType } from 'kysely';
import type { ActionableStatus, Recurrence } from '@tracker/contracts/actionables/http';
import type { LocalDateColumn, NewRow, RowUpdate, Timestamp } from '../db.ts';

/** jsonb: read back parsed; written as JSON text. */
export type RecurrenceColumn = ColumnType<Recurrence, string, string>;

/** One row per live actionable, habits included; a deleted item leaves none. */
export interface ActionablesTable {
  id: string;
  user_id: string;
  title: string;
  description: string;
  weight: number;
  is_habit: boolean;
  active: boolean;
  points_to_be_awarded: number;
  status: ActionableStatus;
  deadline: Timestamp | null;
  /** HH:mm. */
  reminder_time: string | null;
  recurrence: RecurrenceColumn;
  goal_id: string | null;
  task_id: string | null;
  subtask_id: string | null;
  /** The streak as of `last_credited`; what it is today is `streakOn` at read time (habit-today.ts). */
  streak: number;
  /** The last period a habit met (for N per week, its week's first day; see habit-schedule.ts' standingOf). */
  last_credited: LocalDateColumn | null;
  /** A habit's first day (null: created before habits had one). */
  start_date: LocalDateColumn | null;
  last_completed_at: Timestamp | null;
  completed_at: Timestamp | null;
  /** Net: awards less revocations whose hierarchy names the item. */
  points_awarded: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_status_at: Timestamp | null;
}

/** One row per standing completion: a non-habit's is removed when it leaves completed; kept after deletion. */
export interface ActionableCompletionsTable {
  event_id: string;
  actionable_id: string;
  user_id: string;
  /** The day as the user lived it, recorded at the time. */
  local_date: LocalDateColumn;
  timezone: string;
  occurred_at: Timestamp;
  /** The award that came with it (0 until it arrives, in the same append). */
  points: number;
  is_habit: boolean;
}

/** One row per standing habit completion: taken back, it goes; the habit deleted, they go. */
export interface HabitCompletionsTable {
  actionable_id: string;
  /** The day credited: the period's occurrence, or for N per week the day itself. */
  date: LocalDateColumn;
  user_id: string;
  /** The period it counts in (its date, or for N per week its week's first day). */
  period: LocalDateColumn;
  /** The user's day it was recorded on. */
  claimed_on: LocalDateColumn;
  claimed_at: Timestamp;
  /** Claim order within the habit: the stream revision of its HabitCompleted (bigint, read as text). */
  claim: ColumnType<string, string, string>;
  backfilled: boolean;
  /** What it earned (a backfill's top-ups included); 0 until its award arrives, in the same append. */
  points: number;
  event_id: string;
}

/** A user's freeze: one habit's, or all habits' (habit_id null); a cancelled one goes. */
export interface HabitFreezesTable {
  id: string;
  user_id: string;
  habit_id: string | null;
  from_date: LocalDateColumn;
  to_date: LocalDateColumn;
  created_at: Timestamp;
}

export interface ActionablesReadModels {
  actionables: ActionablesTable;
  actionable_completions: ActionableCompletionsTable;
  habit_completions: HabitCompletionsTable;
  habit_freezes: HabitFreezesTable;
}

// The read models include these tables (the feature file names ActionablesReadModels, which brings this file into every program that lists the features).
declare module '../db.ts' {
  interface ReadModels extends ActionablesReadModels {}
}

// The names actionables.projection.ts still writes its rows by: NewRow<'actionables'> and the like elsewhere.
export type NewActionableRow = NewRow<'actionables'>;
export type ActionableRowUpdate = RowUpdate<'actionables'>;
export type NewActionableCompletionRow = NewRow<'actionable_completions'>;
export type NewHabitCompletionRow = NewRow<'habit_completions'>;
