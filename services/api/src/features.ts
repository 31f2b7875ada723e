import { actionablesFeature } from './actionables/actionables.feature.ts';
import { apiTokensFeature } from './api-tokens/api-tokens.feature.ts';
import { archiveFeature } from './archive/archive.feature.ts';
import { auditFeature } from './audit/audit.feature.ts';
import { authFeature } from './auth/auth.feature.ts';
import { calendarFeature } from './calendar/calendar.feature.ts';
import { dashboardFeature } from './dashboard/dashboard.feature.ts';
import type { ApiFeature } from './feature.ts';
import { goalsFeature } from './goals/goals.feature.ts';
import { pointsFeature } from './points/points.feature.ts';
import { remindersFeature } from './reminders/reminders.feature.ts';
import { settingsFeature } from './settings/settings.feature.ts';
import { systemFeature } from './system/system.feature.ts';
import { webhooksFeature } from './webhooks/webhooks.feature.ts';

/** Every feature of the API: the app mounts their routes, the runner runs their reactors. */
// Each feature's services type is its own; the list is used through ApiFeature's common shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const apiFeatures: readonly ApiFeature<any>[] = [
  systemFeature,
  authFeature,
  goalsFeature,
  actionablesFeature,
  settingsFeature,
  pointsFeature,
  dashboardFeature,
  auditFeature,
  calendarFeature,
  webhooksFeature,
  archiveFeature,
  remindersFeature,
  apiTokensFeature,
];

/** The projectors some route waits for (read-your-writes): they run in one pass, the rest in another. */
export const projectorsWaitedOn = (): ReadonlySet<string> => new Set(apiFeatures.flatMap((feature) => feature.routes.flatMap((route) => route.settles ?? [])));
