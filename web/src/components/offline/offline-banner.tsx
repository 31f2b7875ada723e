import { createPortal } from 'react-dom';
import { useDispatch, useSelector } from 'react-redux';
import { refusalDismissed, selectMyQueue, selectMyRefusals, selectOnline, selectSending } from '../../lib/offline/offline.slice.ts';
import { useOfflineSync } from '../../lib/offline/use-offline-sync.ts';
import { OFFLINE_TEXT } from './offline-status.tsx';
import './offline-banner.css';

const waitingText = (count: number) => (count === 1 ? '1 change waiting to be sent' : `${count} changes waiting to be sent`);

/**
 * What the status region says (offline-status.tsx), in place of a failed load on every card: offline,
 * what is on screen was loaded before and changes are kept on this device; the changes waiting, by
 * name; and each queued change the server refused when it was sent, in the server's words, until
 * dismissed. Mounted, it also probes for the server and sends the queue (use-offline-sync.ts).
 */
const OfflineBanner = () => {
  useOfflineSync();
  const dispatch = useDispatch();
  const online = useSelector(selectOnline);
  const sending = useSelector(selectSending);
  const queue = useSelector(selectMyQueue);
  const refused = useSelector(selectMyRefusals);
  const region = document.getElementById('offline-refusals');

  return (
    <>
      {!online && (
        <p className="offline-banner__headline">
          <strong>{OFFLINE_TEXT}</strong> What you see was loaded earlier. Completions and new items are kept on this device and sent when the connection
          returns.
        </p>
      )}
      {queue.length > 0 && (
        <div className="offline-banner__queue">
          <p className="offline-banner__count" data-testid="offline-queue-count">
            {waitingText(queue.length)}
            {online && sending ? ': sending…' : ''}
          </p>
          <ul className="offline-banner__list" aria-label="Waiting to be sent">
            {queue.map((change) => (
              <li key={change.key}>{change.label}</li>
            ))}
          </ul>
        </div>
      )}
      {region &&
        createPortal(
          refused.map((refusal) => (
            <div key={refusal.key} className="banner banner--error offline-refusal" role="alert">
              <span>
                Not saved: {refusal.label}. {refusal.message}
              </span>
              <button type="button" className="button button--secondary button--small" onClick={() => dispatch(refusalDismissed(refusal.key))}>
                Dismiss
              </button>
            </div>
          )),
          region,
        )}
    </>
  );
};

export default OfflineBanner;
