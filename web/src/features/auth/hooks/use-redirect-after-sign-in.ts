import { useNavigate, useSearchParams } from 'react-router-dom';
import { redirectTarget } from '../../../lib/auth/redirect-target.ts';

/**
 * Login and registration both end at the `redirect` query parameter if it is a string, else /dashboard
 * (spec.md §2), and the link from one to the other keeps that parameter.
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
  };
};
