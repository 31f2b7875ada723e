import { actionablesReadModels } from './actionables/actionables.feature.ts';
import { activityReadModels } from './activity/activity.feature.ts';
import { calendarReadModels } from './calendar/calendar.feature.ts';
import { dashboardReadModels } from './dashboard/dashboard.feature.ts';
import type { OwnedTables, ReadModelFeature } from './feature.ts';
import type { ReadModels } from './db.ts';
import { goalsReadModels } from './goals/goals.feature.ts';
import { pointsReadModels } from './points/points.feature.ts';
import { settingsReadModels } from './settings/settings.feature.ts';
import { usersReadModels } from './users/users.feature.ts';

/** Every feature of the read side: the runner, the migrator and rebuilds take their projectors and tables from here. */
export const readModelFeatures = [
  usersReadModels,
  goalsReadModels,
  pointsReadModels,
  activityReadModels,
  actionablesReadModels,
  settingsReadModels,
  dashboardReadModels,
  calendarReadModels,
] as const satisfies readonly ReadModelFeature[];

type OwnedBy<F> = F extends { owns: infer Owns } ? { [Projector in keyof Owns]: keyof Owns[Projector] }[keyof Owns] : never;
/** A read-model table no feature's projector owns: a rebuild could not swap it, and a spec could not compare its rows. */
type Unowned = Exclude<keyof ReadModels, OwnedBy<(typeof readModelFeatures)[number]> | 'projection_checkpoints'>;
// Fails to compile, naming the table, when a feature adds a table and no projector of it owns it.
const everyTableOwned: [Unowned] extends [never] ? true : { unowned: Unowned } = true;
void everyTableOwned;

/** Every projector's tables with their keys, by projector name. */
export const tablesByProjector: Readonly<Record<string, OwnedTables>> = Object.fromEntries(
  readModelFeatures.flatMap((feature) => Object.entries(feature.owns as Record<string, OwnedTables>)),
);

export const allProjectors = readModelFeatures.flatMap((feature) => feature.projectors);
