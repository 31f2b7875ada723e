import type { pointsSourceTypes } from '@tracker/contracts/points/events';
import type { LocalDateColumn, Timestamp } from '../db.ts';

/** One row per award or revocation (revocations negative); never deleted with the items it names. */
export interface PointsLedgerTable {
  event_id: string;
  user_id: string;
  points: number;
  kind: 'award' | 'revoke';
  reason: string;
  title: string;
  source_type: (typeof pointsSourceTypes)[number];
  source_id: string;
  goal_id: string | null;
  task_id: string | null;
  subtask_id: string | null;
  actionable_id: string | null;
  /** The rules an award was computed by; null on revocations. */
  rules_version: number | null;
  occurred_at: Timestamp;
  /** The day as the user lived it when it happened. */
  local_date: LocalDateColumn;
}

/** Each user's running total, for the leaderboard. */
export interface UserPointsTable {
  user_id: string;
  total: number;
  updated_at: Timestamp;
}

/**
 * Net points and the number of ledger rows (awards and revocations) per user and local date: the
 * date each was recorded with, as in the ledger. Kept by the ledger's projector in the same
 * transaction, so it never disagrees with the ledger.
 */
export interface DailyPointsTable {
  user_id: string;
  local_date: LocalDateColumn;
  points: number;
  count: number;
}

export interface PointsReadModels {
  points_ledger: PointsLedgerTable;
  user_points: UserPointsTable;
  daily_points: DailyPointsTable;
}

// The read models include these tables (the feature file names PointsReadModels, which brings this file into every program that lists the features).
declare module '../db.ts' {
  interface ReadModels extends PointsReadModels {}
}
