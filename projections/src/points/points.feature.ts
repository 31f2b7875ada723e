import * as dashboard from '../../migrations/2026-11-23-0007_dashboard.ts';
import { defineReadModelFeature } from '../feature.ts';
import { pointsLedgerProjection } from './points-ledger.projection.ts';
import type { PointsReadModels } from './points.tables.ts';

/**
 * The points ledger, users' totals (tables created with the goals feature's first migration) and
 * points per local day, with the indexes the points and dashboard routes read by.
 */
export const pointsReadModels = defineReadModelFeature<PointsReadModels>()({
  name: 'points',
  projectors: [pointsLedgerProjection],
  owns: { points_ledger: { points_ledger: 'event_id', user_points: 'user_id', daily_points: 'local_date' } },
  migrations: { '2026-11-23-0007_dashboard': dashboard },
});
