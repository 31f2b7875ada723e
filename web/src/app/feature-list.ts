// Every feature's screens, one line each: features.ts derives the routes and the main navigation from these.
export { actionablesScreens } from '../features/actionables/actionables.screens.ts';
export { auditScreens } from '../features/audit/audit.screens.ts';
export { authScreens } from '../features/auth/auth.screens.ts';
export { dashboardScreens } from '../features/dashboard/dashboard.screens.ts';
export { goalsScreens } from '../features/goals/goals.screens.ts';
export { leaderboardScreens } from '../features/leaderboard/leaderboard.screens.ts';
export { profileScreens } from '../features/profile/profile.screens.ts';
export { settingsScreens } from '../features/settings/settings.screens.ts';
export { startScreens } from '../features/start/start.screens.ts';
