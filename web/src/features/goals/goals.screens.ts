import type { FeatureScreens } from '../../lib/screens/feature-screens.ts';

export const goalsScreens: FeatureScreens = {
  screens: [{ path: '/goals', access: 'signed-in', navLabel: 'Goals', goKey: 'g', page: () => import('./routes/goals.tsx').then((m) => m.GoalsRoute) }],
};
