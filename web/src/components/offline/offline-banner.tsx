import { createPortal } from 'react-dom';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { formatMomentIn } from '../../lib/dates/date-format.ts';
import { refusalDismissed, selectMyQueue, selectMyRefusals, selectOnline, selectRestoredFrom, selectSending } from '../../lib/offline/offline.slice.ts';
import { TAKE_BACK, takeBackChange, type TakeBackStore } from '../../lib/offline/take-back.ts';
import { useOfflineSync } from '../../lib/offline/use-offline-sync.ts';
import { OFFLINE_TEXT } from './offline-status.tsx';
import './offline-banner.css';

interface StateWithZone {
  auth: { user: { timezone: string } | null };
}

const waitingText = (count: number) => (count === 1 ? '1 change waiting to be sent' : `${count} changes waiting to be sent`);

/**
 * What the status region says (offline-status.tsx), in place of a failed load on every card: offline,
 * what is on screen was loaded before (after a reload, from the device: as of when it was fetched) and
 * changes are kept on this device; the changes waiting, by
 * name, each with a "Don't send" that takes it back (none while a send is under way); and each queued
 * change the server refused when it was sent, in the server's words, until dismissed. Mounted, it also probes for the server and sends the queue (use-offline-sync.ts).
 */
const OfflineBanner = () => {
  useOfflineSync();
  const dispatch = useDispatch();
  const store = useStore() as unknown as TakeBackStore;
  const online = useSelector(selectOnline);
  const sending = useSelector(selectSending);
  const queue = useSelector(selectMyQueue);
  const refused = useSelector(selectMyRefusals);
  const restoredFrom = useSelector(selectRestoredFrom);
  const zone = useSelector((state: StateWithZone) => state.auth.user?.timezone);
  const keptAt = restoredFrom === null ? undefined : formatMomentIn(new Date(restoredFrom).toISOString(), zone ?? 'UTC');
  const region = document.getElementById('offline-refusals');

  return (
    <>
      {!online && (
        <p className="offline-banner__headline">
          <strong>{OFFLINE_TEXT}</strong> What you see was loaded earlier
          {keptAt && <span data-testid="offline-kept-at"> (as of {keptAt})</span>}. Completions and new items are kept on this device and sent when the
          connection returns.
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
              <li key={change.key} className="offline-banner__change">
                <span>{change.label}</span>
                {!sending && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={`Don't send ${change.label}`}
                    onClick={(event) => takeBackChange(store, change.key, event.currentTarget)}
                    {...{ [TAKE_BACK]: '' }}
                  >
                    Don't send
                  </button>
                )}
              </li>
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
