import * as actionables from '../../migrations/2026-11-23-0005_actionables.ts';
import type { ReadModelFeature } from '../feature.ts';
import { actionablesProjection } from './actionables.projection.ts';

/** Actionables and habits, and their completions. */
export const actionablesReadModels: ReadModelFeature = {
  name: 'actionables',
  projectors: [actionablesProjection],
  migrations: { '2026-11-23-0005_actionables': actionables },
};
