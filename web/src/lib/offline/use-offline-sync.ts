import { useEffect } from 'react';
import { useSelector, useStore } from 'react-redux';
import { api } from '../api/api.ts';
import { connectionRestored, selectMyQueue, selectOnline, type OfflineState } from './offline.slice.ts';
import { sendQueue, serverReachable, type OutboxStore } from './outbox-sender.ts';

/** How often the app asks whether the server is back, while it thinks it is gone and the browser says the network is up. */
export const PROBE_INTERVAL_MS = 5_000;

interface SyncState {
  offline: OfflineState;
  auth: { token: string | null; user: { id: string } | null };
}

/**
 * While offline with the network said to be up (a server out of reach, a captive portal), a probe of
 * /api/health every few seconds; once back, the waiting changes go, and every read on screen is asked
 * again. Mounted with the offline banner, while there is something to say or send (the browser's own
 * online and offline events are followed by components/offline/offline-status.tsx, always).
 */
export const useOfflineSync = (): void => {
  const store = useStore<SyncState>() as unknown as OutboxStore & { getState: () => SyncState };
  const online = useSelector(selectOnline);
  const waiting = useSelector(selectMyQueue).length;

  useEffect(() => {
    if (online) return;
    let stopped = false;
    const timer = window.setInterval(() => {
      if (!navigator.onLine) return;
      void serverReachable().then((reachable) => {
        if (reachable && !stopped) {
          store.dispatch(connectionRestored());
          // The browser never went offline, so RTK Query heard of no reconnect: tell it.
          store.dispatch(api.internalActions.onOnline());
        }
      });
    }, PROBE_INTERVAL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [online, store]);

  useEffect(() => {
    if (online && waiting > 0) void sendQueue(store);
  }, [online, waiting, store]);
};
