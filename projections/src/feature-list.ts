// Every feature of the read side, one line each: features.ts derives the projectors, the migrations and the owned tables from these.
export { actionablesReadModels } from './actionables/actionables.feature.ts';
export { activityReadModels } from './activity/activity.feature.ts';
export { calendarReadModels } from './calendar/calendar.feature.ts';
export { dashboardReadModels } from './dashboard/dashboard.feature.ts';
export { goalsReadModels } from './goals/goals.feature.ts';
export { pointsReadModels } from './points/points.feature.ts';
export { settingsReadModels } from './settings/settings.feature.ts';
export { usersReadModels } from './users/users.feature.ts';
