import type { FeatureScreens } from '../../lib/screens/feature-screens.ts';

export const actionablesScreens: FeatureScreens = {
  screens: [
    {
      path: '/actionables',
      access: 'signed-in',
      nav: { label: 'Actionables', order: 30 },
      goKey: 'a',
      page: () => import('./routes/actionables.tsx').then((m) => m.ActionablesRoute),
    },
    {
      path: '/habits',
      access: 'signed-in',
      nav: { label: 'Habits', order: 40 },
      goKey: 'h',
      page: () => import('./routes/habits.tsx').then((m) => m.HabitsRoute),
    },
    { path: '/habits/:id', access: 'signed-in', page: () => import('./routes/habit.tsx').then((m) => m.HabitRoute) },
  ],
};
