import { lazy, Suspense, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { connectionLost, connectionRestored, selectMyQueue, selectMyRefusals, selectOnline } from '../../lib/offline/offline.slice.ts';

export const OFFLINE_TEXT = 'You are offline.';

// The banner's words, the probe and the sender load only when there is something to say or send:
// the first screen carries just this region and the browser's two events. The shell's cache (/sw.js)
// holds the chunk offline; without it (offline before the worker was ever installed) the headline alone.
const OfflineBanner = lazy(() => import('./offline-banner.tsx').catch(() => ({ default: () => <p className="offline-banner__headline">{OFFLINE_TEXT}</p> })));

/**
 * The app's status region for the connection, always in the page (screen readers announce what
 * appears in a live region that was already there): empty while all is well; offline, or with
 * changes waiting or refused, the banner (offline-banner.tsx) inside it.
 */
export const OfflineStatus = () => {
  const dispatch = useDispatch();
  const online = useSelector(selectOnline);
  const waiting = useSelector(selectMyQueue).length;
  const refused = useSelector(selectMyRefusals).length;
  const shown = !online || waiting > 0;

  useEffect(() => {
    const lost = () => dispatch(connectionLost());
    const back = () => dispatch(connectionRestored());
    window.addEventListener('offline', lost);
    window.addEventListener('online', back);
    return () => {
      window.removeEventListener('offline', lost);
      window.removeEventListener('online', back);
    };
  }, [dispatch]);

  return (
    <div className={shown ? 'warning-notice' : undefined} role="status" data-testid="offline-banner">
      {(shown || refused > 0) && (
        <Suspense fallback={!online && <p className="offline-banner__headline">{OFFLINE_TEXT}</p>}>
          <OfflineBanner />
        </Suspense>
      )}
    </div>
  );
};
