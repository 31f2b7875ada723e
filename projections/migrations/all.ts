import type { Migration } from 'kysely';
import * as spine from './2026-11-22-0001_spine.ts';
import * as goalsAndPoints from './2026-11-22-0002_goals_and_points.ts';
import * as passwordChangedAt from './2026-11-22-0003_password_changed_at.ts';

/** Every read-model migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001_spine': spine,
  '2026-11-22-0002_goals_and_points': goalsAndPoints,
  '2026-11-22-0003_password_changed_at': passwordChangedAt,
};
