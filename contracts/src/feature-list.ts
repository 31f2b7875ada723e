// Every feature of the log, one line each: features.ts derives the event catalogue and the stream categories from these.
export { actionablesContract } from './actionables/actionables.feature.ts';
export { archiveContract } from './archive/archive.feature.ts';
export { calendarContract } from './calendar/calendar.feature.ts';
export { goalsContract } from './goals/goals.feature.ts';
export { pointsContract } from './points/points.feature.ts';
export { settingsContract } from './settings/settings.feature.ts';
export { usersContract } from './users/users.feature.ts';
