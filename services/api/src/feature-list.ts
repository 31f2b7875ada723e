// Every feature of the API, one line each: features.ts derives what the app mounts and the runner runs from these.
export { actionablesFeature } from './actionables/actionables.feature.ts';
export { apiTokensFeature } from './api-tokens/api-tokens.feature.ts';
export { archiveFeature } from './archive/archive.feature.ts';
export { auditFeature } from './audit/audit.feature.ts';
export { authFeature } from './auth/auth.feature.ts';
export { calendarFeature } from './calendar/calendar.feature.ts';
export { dashboardFeature } from './dashboard/dashboard.feature.ts';
export { goalsFeature } from './goals/goals.feature.ts';
export { pointsFeature } from './points/points.feature.ts';
export { remindersFeature } from './reminders/reminders.feature.ts';
export { settingsFeature } from './settings/settings.feature.ts';
export { systemFeature } from './system/system.feature.ts';
export { webhooksFeature } from './webhooks/webhooks.feature.ts';
