import { actionablesReadModels } from './actionables/actionables.feature.ts';
import { activityReadModels } from './activity/activity.feature.ts';
import { dashboardReadModels } from './dashboard/dashboard.feature.ts';
import type { ReadModelFeature } from './feature.ts';
import { goalsReadModels } from './goals/goals.feature.ts';
import { pointsReadModels } from './points/points.feature.ts';
import { settingsReadModels } from './settings/settings.feature.ts';
import { usersReadModels } from './users/users.feature.ts';

/** Every feature of the read side: the runner, the migrator and rebuilds take their projectors from here. */
export const readModelFeatures: readonly ReadModelFeature[] = [
  usersReadModels,
  goalsReadModels,
  pointsReadModels,
  activityReadModels,
  actionablesReadModels,
  settingsReadModels,
  dashboardReadModels,
];

export const allProjectors = readModelFeatures.flatMap((feature) => feature.projectors);
