import type { FeatureScreens } from '../../lib/screens/feature-screens.ts';

export const leaderboardScreens: FeatureScreens = {
  screens: [
    {
      path: '/leaderboard',
      access: 'signed-in',
      nav: { label: 'Leaderboard', order: 50 },
      page: () => import('./routes/leaderboard.tsx').then((m) => m.LeaderboardRoute),
    },
  ],
};
