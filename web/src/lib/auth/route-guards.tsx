import { useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { selectIsAuthenticated, selectSignedOutTo } from './auth.slice.ts';
import { DEFAULT_SIGNED_IN_PATH, loginPathFor, redirectTarget } from './redirect-target.ts';

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
 * moment while the token still exists, and must stay. And only when signed in as the page opened:
 * signing in on it is followed by the form itself (a new account goes to the start, not here).
 */
export const GuestOnly = ({ children }: { children: ReactNode }) => {
  const authenticated = useSelector(selectIsAuthenticated);
  const [signedInOnArrival] = useState(authenticated);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (authenticated && signedInOnArrival && location.key === 'default') return <Navigate to={redirectTarget(searchParams.get('redirect'))} replace />;
  return children;
};

/**
 * The public page at /: a visitor signed in as it opens (typed, bookmarked or followed from a link)
 * goes to the dashboard. One who signs up on the page stays until its form moves on to the start:
 * a redirect here would race that navigation while the start's code loads.
 */
export const StrangerOnly = ({ children }: { children: ReactNode }) => {
  const authenticated = useSelector(selectIsAuthenticated);
  const [signedInOnArrival] = useState(authenticated);
  if (authenticated && signedInOnArrival) return <Navigate to={DEFAULT_SIGNED_IN_PATH} replace />;
  return children;
};
