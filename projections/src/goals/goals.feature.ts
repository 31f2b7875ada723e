import * as goalsAndPoints from '../../migrations/2026-11-22-0002_goals_and_points.ts';
import * as goalsListsKeyset from '../../migrations/2026-11-26-0010_goals_lists_keyset.ts';
import type { ReadModelFeature } from '../feature.ts';
import { goalsProjection, subtasksProjection, tasksProjection } from './work-items.projection.ts';

/** Goals, tasks and subtasks. Their first migration also created the points and activity tables. */
export const goalsReadModels: ReadModelFeature = {
  name: 'goals',
  projectors: [goalsProjection, tasksProjection, subtasksProjection],
  // 0010: the filtered lists' indexes in the lists' order, so each page is one index range (projections/src/paging.ts).
  migrations: { '2026-11-22-0002_goals_and_points': goalsAndPoints, '2026-11-26-0010_goals_lists_keyset': goalsListsKeyset },
};
