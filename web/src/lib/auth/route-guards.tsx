import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { selectIsAuthenticated, selectSignedOutTo } from './auth.slice.ts';
import { loginPathFor, redirectTarget } from './redirect-target.ts';

/** Signed-in pages: without a token, go to /login?redirect=<this path>. */
export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const authenticated = useSelector(selectIsAuthenticated);
  const signedOutTo = useSelector(selectSignedOutTo);
  const location = useLocation();
  // After a deliberate logout: where the logout went, not back here after signing in again.
  if (!authenticated) return <Navigate to={signedOutTo ?? loginPathFor(`${location.pathname}${location.search}`)} replace />;
  return children;
};

/**
 * Login and register opened directly (a bookmark, a typed URL) by someone already signed in continue
 * to the redirect target. Only on the page's first location: during logout /login is shown for a
 * moment while the token still exists, and must stay.
 */
export const GuestOnly = ({ children }: { children: ReactNode }) => {
  const authenticated = useSelector(selectIsAuthenticated);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (authenticated && location.key === 'default') return <Navigate to={redirectTarget(searchParams.get('redirect'))} replace />;
  return children;
};
