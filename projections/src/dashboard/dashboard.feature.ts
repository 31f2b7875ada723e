import * as dashboardAggregates from '../../migrations/2026-11-23-0008_dashboard_aggregates.ts';
import { defineReadModelFeature } from '../feature.ts';
import type { DashboardReadModels } from './dashboard.tables.ts';

/**
 * The dashboard summary's counts per user and local day (dashboard.tables.ts). No projector of its
 * own: triggers on the goals', tasks', subtasks' and actionables' tables keep them with every write.
 */
export const dashboardReadModels = defineReadModelFeature<DashboardReadModels>()({
  name: 'dashboard',
  projectors: [],
  owns: {},
  migrations: { '2026-11-23-0008_dashboard_aggregates': dashboardAggregates },
});
