import { actionablesContract } from './actionables/actionables.feature.ts';
import { archiveContract } from './archive/archive.feature.ts';
import { calendarContract } from './calendar/calendar.feature.ts';
import { goalsContract } from './goals/goals.feature.ts';
import { pointsContract } from './points/points.feature.ts';
import { settingsContract } from './settings/settings.feature.ts';
import { usersContract } from './users/users.feature.ts';

/**
 * Every feature of the log, in catalogue order: the event catalogue (`events.ts`) and the stream
 * categories (`streams.ts`) are derived from this list, so a new feature is one line here.
 */
export const contractFeatures = [
  usersContract,
  settingsContract,
  goalsContract,
  actionablesContract,
  pointsContract,
  calendarContract,
  archiveContract,
] as const;
