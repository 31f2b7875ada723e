import { StrictMode, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { persistStore, type Persistor } from 'redux-persist';
import { AppErrorBoundary } from '../components/errors/app-error-boundary.tsx';
import { ToastRegion } from '../components/toasts/toast-region.tsx';
import { onTokenChange } from '../lib/auth/token-change.ts';
import { writeSessionAtOnce } from '../lib/persist/session-written-at-once.ts';
import { AppRouter } from './router.tsx';
import { makeStore } from './store.ts';

const Splash = () => (
  <div className="splash" role="status" aria-label="Loading">
    <span className="spinner spinner--dark spinner--large" aria-hidden="true" />
  </div>
);

/** `loading` until the stored state is restored, then the app: redux-persist's PersistGate, in a few lines instead of its module (the first screen's budget). */
const PersistGate = ({ persistor, loading, children }: { persistor: Persistor; loading: ReactNode; children: ReactNode }) =>
  useSyncExternalStore(
    (listener) => persistor.subscribe(listener),
    () => persistor.getState().bootstrapped,
  )
    ? children
    : loading;

/**
 * The last answers on this device (shown after a reload without a connection, lib/offline): loaded
 * only for a signed-in user, as its own chunk beside the first screen, never part of it. A stranger
 * or a signed-out page (/, /login) loads none of it.
 */
const keepAnswersOnceSignedIn = (store: ReturnType<typeof makeStore>): void => {
  const load = (): boolean => {
    if (!store.getState().auth.token) return false;
    void import('../lib/offline/answers-on-device.ts').then(({ keepAnswersOnDevice }) => keepAnswersOnDevice(store)).catch(() => undefined);
    return true;
  };
  if (load()) return;
  const stop = onTokenChange(store, () => {
    if (load()) stop();
  });
};

/** Providers in dependency order. The store is made while rendering, inside the error boundary. */
const Shell = () => {
  const [{ store, persistor }] = useState(() => {
    const store = makeStore();
    const persistor = persistStore(store);
    writeSessionAtOnce(store, persistor);
    keepAnswersOnceSignedIn(store);
    return { store, persistor };
  });
  return (
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={<Splash />}>
        <AppRouter />
        <ToastRegion />
      </PersistGate>
    </Provider>
  );
};

/** The error boundary sits outside everything, so a failure to build the store or restore state lands on the error screen too. */
export const App = () => (
  <StrictMode>
    <AppErrorBoundary>
      <Shell />
    </AppErrorBoundary>
  </StrictMode>
);
