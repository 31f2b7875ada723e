import type { FeatureScreens } from '../../lib/screens/feature-screens.ts';

export const settingsScreens: FeatureScreens = {
  screens: [
    { path: '/settings', access: 'signed-in', nav: { label: 'Settings', order: 70 }, page: () => import('./routes/settings.tsx').then((m) => m.SettingsRoute) },
  ],
};
