import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from '../../components/errors/error-screen.tsx';
import { RouteErrorScreen } from '../../components/errors/route-error-screen.tsx';
import { ChunkLoadError } from './lazy-page.ts';

/** The routes' error element: a page whose code did not arrive gets words a person can act on, and a reload. */
export const RouteFailure = () => {
  const error = useRouteError();
  if (!(error instanceof ChunkLoadError)) return <RouteErrorScreen />;
  console.error('Route chunk failed to load', error.cause);
  return (
    <ErrorScreen message="This page could not be loaded. The app may have been updated since you opened it, or the connection dropped: reload to get the latest version." />
  );
};
