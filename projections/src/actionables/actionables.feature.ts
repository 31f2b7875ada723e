import * as actionables from '../../migrations/2026-11-23-0005_actionables.ts';
import * as newestFirstKeyset from '../../migrations/2026-11-24-0009_newest_first_keyset.ts';
import type { ReadModelFeature } from '../feature.ts';
import { actionablesProjection } from './actionables.projection.ts';

/** Actionables and habits, and their completions. */
export const actionablesReadModels: ReadModelFeature = {
  name: 'actionables',
  projectors: [actionablesProjection],
  // 0009 orders the goals' tables' newest-first indexes too: the paged lists share one order (projections/src/paging.ts).
  migrations: { '2026-11-23-0005_actionables': actionables, '2026-11-24-0009_newest_first_keyset': newestFirstKeyset },
};
