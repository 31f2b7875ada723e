import type { FeatureScreens } from '../../lib/screens/feature-screens.ts';

export const auditScreens: FeatureScreens = {
  screens: [
    { path: '/audit', access: 'signed-in', nav: { label: 'Points audit', order: 60 }, page: () => import('./routes/audit.tsx').then((m) => m.AuditRoute) },
  ],
};
