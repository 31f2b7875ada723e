import type { ReadModelFeature } from '../feature.ts';
import { pointsLedgerProjection } from './points-ledger.projection.ts';

/** The points ledger and users' totals (tables created with the goals feature's first migration). */
export const pointsReadModels: ReadModelFeature = {
  name: 'points',
  projectors: [pointsLedgerProjection],
  migrations: {},
};
