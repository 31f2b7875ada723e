import { actionablesScreens } from '../features/actionables/actionables.screens.ts';
import { auditScreens } from '../features/audit/audit.screens.ts';
import { authScreens } from '../features/auth/auth.screens.ts';
import { dashboardScreens } from '../features/dashboard/dashboard.screens.ts';
import { goalsScreens } from '../features/goals/goals.screens.ts';
import { leaderboardScreens } from '../features/leaderboard/leaderboard.screens.ts';
import { profileScreens } from '../features/profile/profile.screens.ts';
import { settingsScreens } from '../features/settings/settings.screens.ts';
import { startScreens } from '../features/start/start.screens.ts';
import type { FeatureScreens } from '../lib/screens/feature-screens.ts';

/** Every feature's screens, in the order of the main navigation: the router and the navigation are derived from this list. */
export const features: readonly FeatureScreens[] = [
  authScreens,
  startScreens,
  dashboardScreens,
  goalsScreens,
  actionablesScreens,
  leaderboardScreens,
  auditScreens,
  settingsScreens,
  profileScreens,
];
