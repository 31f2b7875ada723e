import type { FeatureScreens } from '../../lib/screens/feature-screens.ts';

export const dashboardScreens: FeatureScreens = {
  screens: [
    {
      path: '/dashboard',
      access: 'signed-in',
      nav: { label: 'Dashboard', order: 10 },
      goKey: 'd',
      page: () => import('./routes/dashboard.tsx').then((m) => m.DashboardRoute),
    },
  ],
};
