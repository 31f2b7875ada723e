import type { FeatureScreens } from '../../lib/screens/feature-screens.ts';

export const profileScreens: FeatureScreens = {
  screens: [
    { path: '/profile', access: 'signed-in', nav: { label: 'Profile', order: 80 }, page: () => import('./routes/profile.tsx').then((m) => m.ProfileRoute) },
  ],
};
