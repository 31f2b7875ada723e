import { useSelector } from 'react-redux';
import { Link, useLocation } from 'react-router-dom';
import { selectSessionExpired } from '../../lib/auth/auth.slice.ts';
import { loginPathFor } from '../../lib/auth/redirect-target.ts';
import { useLogout } from '../../lib/auth/use-logout.ts';
import './session-expired-notice.css';

export const SESSION_EXPIRED_TEXT = 'Your session has expired.';
export const SIGN_IN_AGAIN_TEXT = 'Sign in again';

/**
 * spec.md §4 only logs a 401, so nothing signs the user out; this notice keeps that from being a dead
 * end. Following it signs out properly and comes back here after the next sign-in.
 */
export const SessionExpiredNotice = () => {
  const expired = useSelector(selectSessionExpired);
  const location = useLocation();
  const logout = useLogout();
  if (!expired) return null;
  const signIn = loginPathFor(`${location.pathname}${location.search}`);
  return (
    <div className="warning-notice" role="alert">
      <span>{SESSION_EXPIRED_TEXT}</span>{' '}
      <Link
        to={signIn}
        className="session-expired__link"
        onClick={(event) => {
          // A new tab or window keeps this one as it is.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          void logout(signIn);
        }}
      >
        {SIGN_IN_AGAIN_TEXT}
      </Link>
    </div>
  );
};
