import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorScreen, messageOf } from './error-screen.tsx';

/** The router's errorElement: errors thrown while rendering a route land here. */
export const RouteErrorScreen = () => {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorScreen message={`${error.status} ${error.statusText}`.trim()} />;
  console.error('Route error', error);
  return <ErrorScreen message={messageOf(error)} />;
};
