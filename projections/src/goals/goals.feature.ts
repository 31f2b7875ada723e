import * as goalsAndPoints from '../../migrations/2026-11-22-0002_goals_and_points.ts';
import type { ReadModelFeature } from '../feature.ts';
import { goalsProjection, subtasksProjection, tasksProjection } from './work-items.projection.ts';

/** Goals, tasks and subtasks. Their first migration also created the points and activity tables. */
export const goalsReadModels: ReadModelFeature = {
  name: 'goals',
  projectors: [goalsProjection, tasksProjection, subtasksProjection],
  migrations: { '2026-11-22-0002_goals_and_points': goalsAndPoints },
};
