import * as dashboard from '../../migrations/2026-11-23-0007_dashboard.ts';
import type { ReadModelFeature } from '../feature.ts';
import { pointsLedgerProjection } from './points-ledger.projection.ts';

/**
 * The points ledger, users' totals (tables created with the goals feature's first migration) and
 * points per local day, with the indexes the points and dashboard routes read by.
 */
export const pointsReadModels: ReadModelFeature = {
  name: 'points',
  projectors: [pointsLedgerProjection],
  migrations: { '2026-11-23-0007_dashboard': dashboard },
};
