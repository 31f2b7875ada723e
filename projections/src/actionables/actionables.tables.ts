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
  /** The streak as of `last_credited`; what it is today is `streakAt` at read time. */
  streak: number;
  /** The occurrence the last habit completion was credited to. */
  last_credited: LocalDateColumn | null;
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

export interface ActionablesReadModels {
  actionables: ActionablesTable;
  actionable_completions: ActionableCompletionsTable;
}

// The read models include these tables (the feature file names ActionablesReadModels, which brings this file into every program that lists the features).
declare module '../db.ts' {
  interface ReadModels extends ActionablesReadModels {}
}

// The names actionables.projection.ts still writes its rows by: NewRow<'actionables'> and the like elsewhere.
export type NewActionableRow = NewRow<'actionables'>;
export type ActionableRowUpdate = RowUpdate<'actionables'>;
export type NewActionableCompletionRow = NewRow<'actionable_completions'>;
