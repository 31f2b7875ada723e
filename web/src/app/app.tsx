import { StrictMode, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { AppErrorBoundary } from '../components/errors/app-error-boundary.tsx';
import { ToastRegion } from '../components/toasts/toast-region.tsx';
import { makeRouter } from './router.tsx';
import { makeStore } from './store.ts';

const Splash = () => (
  <div className="splash" role="status" aria-label="Loading">
    <span className="spinner spinner--dark spinner--large" aria-hidden="true" />
  </div>
);

/** Providers in dependency order. Store and router are made while rendering, inside the error boundary. */
const Shell = () => {
  const [{ store, persistor, router }] = useState(() => {
    const store = makeStore();
    return { store, persistor: persistStore(store), router: makeRouter() };
  });
  return (
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={<Splash />}>
        <RouterProvider router={router} />
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
