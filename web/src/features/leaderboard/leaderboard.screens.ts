import type { FeatureScreens } from '../../lib/screens/feature-screens.ts';

export const leaderboardScreens: FeatureScreens = {
  screens: [
    { path: '/leaderboard', access: 'signed-in', navLabel: 'Leaderboard', page: () => import('./routes/leaderboard.tsx').then((m) => m.LeaderboardRoute) },
  ],
};
