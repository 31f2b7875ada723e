import * as goalsAndPoints from '../../migrations/2026-11-22-0002_goals_and_points.ts';
import * as goalsListsKeyset from '../../migrations/2026-11-26-0010_goals_lists_keyset.ts';
import { defineReadModelFeature } from '../feature.ts';
import { goalsProjection, subtasksProjection, tasksProjection } from './work-items.projection.ts';
import type { GoalsReadModels } from './goals.tables.ts';

/** Goals, tasks and subtasks. Their first migration also created the points and activity tables. */
export const goalsReadModels = defineReadModelFeature<GoalsReadModels>()({
  name: 'goals',
  projectors: [goalsProjection, tasksProjection, subtasksProjection],
  owns: {
    // The *_by_day tables are kept by triggers on the projector's own tables: they go where those go.
    goals: { goals: 'id', goals_by_day: ['user_id', 'from_date', 'to_date'] },
    tasks: { tasks: 'id', tasks_by_day: ['user_id', 'from_date', 'to_date'] },
    subtasks: { subtasks: 'id', subtasks_by_day: ['user_id', 'from_date', 'to_date'] },
  },
  // 0010: the filtered lists' indexes in the lists' order, so each page is one index range (projections/src/paging.ts).
  migrations: { '2026-11-22-0002_goals_and_points': goalsAndPoints, '2026-11-26-0010_goals_lists_keyset': goalsListsKeyset },
});
