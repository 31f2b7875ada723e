import type { Timestamp } from '../db.ts';

/** One line per thing a user did, as a person would tell it. */
export interface ActivitiesTable {
  event_id: string;
  user_id: string;
  type: 'created' | 'deleted' | 'status_changed' | 'completed' | 'reopened' | 'taken_back';
  entity_type: string;
  entity_id: string;
  title: string;
  description: string;
  /** Points won (or, negative, taken back); null when none changed hands. */
  points: number | null;
  occurred_at: Timestamp;
}

export interface ActivityReadModels {
  activities: ActivitiesTable;
}

// The read models include these tables (the feature file names ActivityReadModels, which brings this file into every program that lists the features).
declare module '../db.ts' {
  interface ReadModels extends ActivityReadModels {}
}
