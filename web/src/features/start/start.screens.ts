import type { FeatureScreens } from '../../lib/screens/feature-screens.ts';

/** The start: a new account's first habit and goal, picked in a tap or typed (registration goes here). */
export const startScreens: FeatureScreens = {
  screens: [{ path: '/start', access: 'signed-in', page: () => import('./routes/start.tsx').then((m) => m.StartRoute) }],
};
