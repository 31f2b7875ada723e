import * as dashboardAggregates from '../../migrations/2026-11-23-0008_dashboard_aggregates.ts';
import * as itemCompletionsByItem from '../../migrations/2026-11-27-0018_item_completions_by_item.ts';
import { defineReadModelFeature } from '../feature.ts';
import type { DashboardReadModels } from './dashboard.tables.ts';

/**
 * The dashboard summary's counts per user and local day (dashboard.tables.ts). No projector of its
 * own: migration 0008's triggers on the goals', tasks', subtasks' and actionables' tables keep them
 * with every write (`keptByTriggers`); each is owned, for rebuilds, by the projector of those tables.
 */
export const dashboardReadModels = defineReadModelFeature<DashboardReadModels>()({
  name: 'dashboard',
  projectors: [],
  owns: {},
  migrations: {
    '2026-11-23-0008_dashboard_aggregates': dashboardAggregates,
    '2026-11-27-0018_item_completions_by_item': itemCompletionsByItem,
  },
  keptByTriggers: {
    goals_by_day: { on: ['goals'], migration: '2026-11-23-0008_dashboard_aggregates' },
    tasks_by_day: { on: ['tasks'], migration: '2026-11-23-0008_dashboard_aggregates' },
    subtasks_by_day: { on: ['subtasks'], migration: '2026-11-23-0008_dashboard_aggregates' },
    actionables_by_day: { on: ['actionables', 'actionable_completions'], migration: '2026-11-23-0008_dashboard_aggregates' },
  },
});
