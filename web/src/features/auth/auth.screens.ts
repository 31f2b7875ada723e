import type { FeatureScreens } from '../../lib/screens/feature-screens.ts';

export const authScreens: FeatureScreens = {
  screens: [
    // The public page: what the product is, and the account form (a signed-in visitor goes to the dashboard).
    { path: '/', access: 'stranger', page: () => import('./routes/welcome.tsx').then((m) => m.WelcomeRoute) },
    { path: '/login', access: 'guest', page: () => import('./routes/login.tsx').then((m) => m.LoginRoute) },
    { path: '/register', access: 'guest', page: () => import('./routes/register.tsx').then((m) => m.RegisterRoute) },
    { path: '/forgot-password', access: 'public', page: () => import('./routes/forgot-password.tsx').then((m) => m.ForgotPasswordRoute) },
    { path: '/reset-password', access: 'public', page: () => import('./routes/reset-password.tsx').then((m) => m.ResetPasswordRoute) },
    { path: '/verify-email', access: 'public', page: () => import('./routes/verify-email.tsx').then((m) => m.VerifyEmailRoute) },
  ],
};
