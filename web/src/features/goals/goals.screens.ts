import type { FeatureScreens } from '../../lib/screens/feature-screens.ts';

export const goalsScreens: FeatureScreens = {
  screens: [
    { path: '/goals', access: 'signed-in', nav: { label: 'Goals', order: 20 }, goKey: 'g', page: () => import('./routes/goals.tsx').then((m) => m.GoalsRoute) },
  ],
};
