import type { ReadModelFeature } from '../feature.ts';
import { activitiesProjection } from './activities.projection.ts';

/** Recent activity (table created with the goals feature's first migration). */
export const activityReadModels: ReadModelFeature = {
  name: 'activity',
  projectors: [activitiesProjection],
  migrations: {},
};
