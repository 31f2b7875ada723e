import * as dashboardAggregates from '../../migrations/2026-11-23-0008_dashboard_aggregates.ts';
import type { ReadModelFeature } from '../feature.ts';

/**
 * The dashboard summary's counts per user and local day (dashboard.tables.ts). No projector of its
 * own: triggers on the goals', tasks', subtasks' and actionables' tables keep them with every write.
 */
export const dashboardReadModels: ReadModelFeature = {
  name: 'dashboard',
  projectors: [],
  migrations: { '2026-11-23-0008_dashboard_aggregates': dashboardAggregates },
};
