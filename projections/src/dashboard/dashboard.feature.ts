import * as dashboardAggregates from '../../migrations/2026-11-23-0008_dashboard_aggregates.ts';
import * as itemCompletionsByItem from '../../migrations/2026-11-27-0018_item_completions_by_item.ts';
import * as openActionablesInOrder from '../../migrations/2026-11-27-0019_open_actionables_in_order.ts';
import * as daySumsByIndex from '../../migrations/2026-11-28-0022_day_sums_by_index.ts';
import { defineReadModelFeature } from '../feature.ts';
import type { DashboardReadModels } from './dashboard.tables.ts';

const AGGREGATES = '2026-11-23-0008_dashboard_aggregates';

/** One statement that sums `aggregate` again, from scratch, for every user with rows in `sources` (0008's rm_sum_items_by_day, in the user's zone now). */
const sumFromScratch =
  (aggregate: string, mode: 'work' | 'actionable', sources: readonly string[]) =>
  (schema: string): string => {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Not a read-model schema name: ${schema}`);
    const users = sources.map((table) => `SELECT user_id FROM "${schema}"."${table}"`).join(' UNION ');
    return `SELECT public.rm_sum_items_by_day('${schema}', '${aggregate}', '${mode}', ARRAY(SELECT DISTINCT user_id FROM (${users}) AS u))`;
  };

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
    '2026-11-27-0019_open_actionables_in_order': openActionablesInOrder,
    '2026-11-28-0022_day_sums_by_index': daySumsByIndex,
  },
  keptByTriggers: {
    goals_by_day: { on: ['goals'], migration: AGGREGATES, fill: sumFromScratch('goals_by_day', 'work', ['goals']) },
    tasks_by_day: { on: ['tasks'], migration: AGGREGATES, fill: sumFromScratch('tasks_by_day', 'work', ['tasks']) },
    subtasks_by_day: { on: ['subtasks'], migration: AGGREGATES, fill: sumFromScratch('subtasks_by_day', 'work', ['subtasks']) },
    actionables_by_day: {
      on: ['actionables', 'actionable_completions'],
      migration: AGGREGATES,
      fill: sumFromScratch('actionables_by_day', 'actionable', ['actionables', 'actionable_completions']),
    },
  },
});
