import { ErrorScreen, messageOf } from './error-screen.tsx';

/** What the routes' error boundary shows for an error thrown while rendering a route. */
export const RouteErrorScreen = ({ error }: { error: unknown }) => {
  console.error('Route error', error);
  return <ErrorScreen message={messageOf(error)} />;
};
