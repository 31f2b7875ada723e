import type { Timestamp } from '../db.ts';

/** One row per user who has a calendar feed: the current one (a rotation replaces the row). */
export interface CalendarFeedsTable {
  user_id: string;
  feed_id: string;
  /** SHA-256 (hex) of the feed's secret: a request's secret is hashed and looked up here. */
  secret_hash: string;
  issued_at: Timestamp;
}

export interface CalendarReadModels {
  calendar_feeds: CalendarFeedsTable;
}

// The read models include these tables (the feature file names CalendarReadModels, which brings this file into every program that lists the features).
declare module '../db.ts' {
  interface ReadModels extends CalendarReadModels {}
}
