import { defineReadModelFeature } from '../feature.ts';
import { activitiesProjection } from './activities.projection.ts';
import type { ActivityReadModels } from './activities.tables.ts';

/** Recent activity (table created with the goals feature's first migration). */
export const activityReadModels = defineReadModelFeature<ActivityReadModels>()({
  name: 'activity',
  projectors: [activitiesProjection],
  owns: { activities: { activities: 'event_id' } },
  migrations: {},
});
