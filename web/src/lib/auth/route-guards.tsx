import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { selectIsAuthenticated } from './auth.slice.ts';
import { loginPathFor, redirectTarget } from './redirect-target.ts';

/** Signed-in pages: without a token, go to /login?redirect=<this path>. */
export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const authenticated = useSelector(selectIsAuthenticated);
  const location = useLocation();
  if (!authenticated) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  return children;
};

/**
 * Login and register: once a token exists, continue to the redirect target. Doing this here, not in
 * the submit handler, means a successful login and an already signed-in visit behave the same.
 */
export const GuestOnly = ({ children }: { children: ReactNode }) => {
  const authenticated = useSelector(selectIsAuthenticated);
  const [searchParams] = useSearchParams();
  if (authenticated) return <Navigate to={redirectTarget(searchParams.get('redirect'))} replace />;
  return children;
};
