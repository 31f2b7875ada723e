import { useSelector } from 'react-redux';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { selectIsAuthenticated } from '../lib/auth/auth.slice.ts';
import { GuestOnly, RequireAuth } from '../lib/auth/route-guards.tsx';
import { lazyPage } from './routes/lazy-page.ts';
import { RouteFailure } from './routes/route-failure.tsx';
import { RouteLoading } from './routes/route-loading.tsx';

const HomeRedirect = () => {
  const authenticated = useSelector(selectIsAuthenticated);
  return <Navigate to={authenticated ? '/dashboard' : '/login'} replace />;
};

// Every page is its own chunk (docs/ARCHITECTURE.md, "Web: code-splitting and bundle budget"); the
// guards stay eager so a redirect never waits for a page it will not show.
export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RouteFailure />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { path: '/', element: <HomeRedirect /> },
      {
        element: (
          <GuestOnly>
            <Outlet />
          </GuestOnly>
        ),
        children: [
          {
            path: '/login',
            lazy: lazyPage(
              () => import('../features/auth/routes/login.tsx'),
              (m) => m.LoginRoute,
            ),
          },
          {
            path: '/register',
            lazy: lazyPage(
              () => import('../features/auth/routes/register.tsx'),
              (m) => m.RegisterRoute,
            ),
          },
        ],
      },
      {
        path: '/forgot-password',
        lazy: lazyPage(
          () => import('../features/auth/routes/forgot-password.tsx'),
          (m) => m.ForgotPasswordRoute,
        ),
      },
      {
        path: '/reset-password',
        lazy: lazyPage(
          () => import('../features/auth/routes/reset-password.tsx'),
          (m) => m.ResetPasswordRoute,
        ),
      },
      {
        path: '/verify-email',
        lazy: lazyPage(
          () => import('../features/auth/routes/verify-email.tsx'),
          (m) => m.VerifyEmailRoute,
        ),
      },
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            lazy: lazyPage(
              () => import('../components/layouts/app-layout.tsx'),
              (m) => m.AppLayout,
            ),
            children: [
              {
                path: '/dashboard',
                lazy: lazyPage(
                  () => import('../features/dashboard/routes/dashboard.tsx'),
                  (m) => m.DashboardRoute,
                ),
              },
              {
                path: '/goals',
                lazy: lazyPage(
                  () => import('../features/goals/routes/goals.tsx'),
                  (m) => m.GoalsRoute,
                ),
              },
              {
                path: '/actionables',
                lazy: lazyPage(
                  () => import('../features/actionables/routes/actionables.tsx'),
                  (m) => m.ActionablesRoute,
                ),
              },
              {
                path: '/habits',
                lazy: lazyPage(
                  () => import('../features/actionables/routes/habits.tsx'),
                  (m) => m.HabitsRoute,
                ),
              },
              {
                path: '/leaderboard',
                lazy: lazyPage(
                  () => import('../features/leaderboard/routes/leaderboard.tsx'),
                  (m) => m.LeaderboardRoute,
                ),
              },
              {
                path: '/audit',
                lazy: lazyPage(
                  () => import('../features/audit/routes/audit.tsx'),
                  (m) => m.AuditRoute,
                ),
              },
              {
                path: '/profile',
                lazy: lazyPage(
                  () => import('../features/profile/routes/profile.tsx'),
                  (m) => m.ProfileRoute,
                ),
              },
              {
                path: '/settings',
                lazy: lazyPage(
                  () => import('../features/settings/routes/settings.tsx'),
                  (m) => m.SettingsRoute,
                ),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: lazyPage(
          () => import('./routes/not-found.tsx'),
          (m) => m.NotFoundRoute,
        ),
      },
    ],
  },
];

export const makeRouter = () => createBrowserRouter(routes);
