import type { LocalDateColumn } from '../db.ts';

/**
 * What the dashboard summary counts over a range, summed ahead per user (migration 0008): for each
 * item, one row per local day it was touched on (created, due, completed; an actionable's standing
 * completions by their recorded date) with `items` +1, and one per pair of consecutive touched days
 * with `items` −1, so the rows inside a range sum to the number of items touched in it. `completed`:
 * work items completed that day (status completed), or, for actionables, the standing completions
 * recorded that day. Rows of equal (from, to) are summed. Kept by triggers on the item tables in the
 * same transaction as every write to them; never written by a projector.
 */
export interface ItemsByDayTable {
  user_id: string;
  /** The zone instants were counted in: the user's when the rows were summed (one zone per user). */
  timezone: string;
  from_date: LocalDateColumn;
  to_date: LocalDateColumn;
  items: number;
  completed: number;
}

export interface DashboardReadModels {
  goals_by_day: ItemsByDayTable;
  tasks_by_day: ItemsByDayTable;
  subtasks_by_day: ItemsByDayTable;
  actionables_by_day: ItemsByDayTable;
}

// The read models include these tables (the feature file names DashboardReadModels, which brings this file into every program that lists the features).
declare module '../db.ts' {
  interface ReadModels extends DashboardReadModels {}
}
