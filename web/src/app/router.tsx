import { useSelector } from 'react-redux';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { RouteErrorScreen } from '../components/errors/route-error-screen.tsx';
import { AppLayout } from '../components/layouts/app-layout.tsx';
import { ActionablesRoute } from '../features/actionables/routes/actionables.tsx';
import { HabitsRoute } from '../features/actionables/routes/habits.tsx';
import { AuditRoute } from '../features/audit/routes/audit.tsx';
import { ForgotPasswordRoute } from '../features/auth/routes/forgot-password.tsx';
import { LoginRoute } from '../features/auth/routes/login.tsx';
import { RegisterRoute } from '../features/auth/routes/register.tsx';
import { ResetPasswordRoute } from '../features/auth/routes/reset-password.tsx';
import { VerifyEmailRoute } from '../features/auth/routes/verify-email.tsx';
import { DashboardRoute } from '../features/dashboard/routes/dashboard.tsx';
import { GoalsRoute } from '../features/goals/routes/goals.tsx';
import { LeaderboardRoute } from '../features/leaderboard/routes/leaderboard.tsx';
import { ProfileRoute } from '../features/profile/routes/profile.tsx';
import { SettingsRoute } from '../features/settings/routes/settings.tsx';
import { selectIsAuthenticated } from '../lib/auth/auth.slice.ts';
import { GuestOnly, RequireAuth } from '../lib/auth/route-guards.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

const HomeRedirect = () => {
  const authenticated = useSelector(selectIsAuthenticated);
  return <Navigate to={authenticated ? '/dashboard' : '/login'} replace />;
};

export const routes = [
  {
    element: <Outlet />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: '/', element: <HomeRedirect /> },
      {
        path: '/login',
        element: (
          <GuestOnly>
            <LoginRoute />
          </GuestOnly>
        ),
      },
      {
        path: '/register',
        element: (
          <GuestOnly>
            <RegisterRoute />
          </GuestOnly>
        ),
      },
      { path: '/forgot-password', element: <ForgotPasswordRoute /> },
      { path: '/reset-password', element: <ResetPasswordRoute /> },
      { path: '/verify-email', element: <VerifyEmailRoute /> },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { path: '/dashboard', element: <DashboardRoute /> },
          { path: '/goals', element: <GoalsRoute /> },
          { path: '/actionables', element: <ActionablesRoute /> },
          { path: '/habits', element: <HabitsRoute /> },
          { path: '/leaderboard', element: <LeaderboardRoute /> },
          { path: '/audit', element: <AuditRoute /> },
          { path: '/profile', element: <ProfileRoute /> },
          { path: '/settings', element: <SettingsRoute /> },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export const makeRouter = () => createBrowserRouter(routes);
