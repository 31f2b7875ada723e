import type { FeatureScreens } from '../../lib/screens/feature-screens.ts';

export const authScreens: FeatureScreens = {
  screens: [
    { path: '/login', access: 'guest', page: () => import('./routes/login.tsx').then((m) => m.LoginRoute) },
    { path: '/register', access: 'guest', page: () => import('./routes/register.tsx').then((m) => m.RegisterRoute) },
    { path: '/forgot-password', access: 'public', page: () => import('./routes/forgot-password.tsx').then((m) => m.ForgotPasswordRoute) },
    { path: '/reset-password', access: 'public', page: () => import('./routes/reset-password.tsx').then((m) => m.ResetPasswordRoute) },
    { path: '/verify-email', access: 'public', page: () => import('./routes/verify-email.tsx').then((m) => m.VerifyEmailRoute) },
  ],
};
