import { useNavigate, useSearchParams } from 'react-router-dom';
import { redirectTarget } from '../../../lib/auth/redirect-target.ts';

/** Where a new account goes when no redirect is pending: the start, a first habit and goal in a few taps. */
export const START_PATH = '/start';

/**
 * Login and registration both end at the `redirect` query parameter if it is a string (spec.md §2);
 * without one, login goes to /dashboard and a new account to the start. The link from one form to the
 * other keeps that parameter.
 */
export const useRedirectAfterSignIn = () => {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const redirect = searchParams.get('redirect');
  return {
    /** `path` with the pending redirect carried along. */
    keepingRedirect: (path: string): string => (redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path),
    /** Goes on to the target, in place of the form in the history. */
    proceed: () => navigate(redirectTarget(redirect), { replace: true }),
    /** After registering: the pending redirect, else the start. */
    proceedAfterRegistering: () => navigate(redirect === null ? START_PATH : redirectTarget(redirect), { replace: true }),
  };
};
