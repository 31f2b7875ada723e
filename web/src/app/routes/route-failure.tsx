import { Component, type ReactNode } from 'react';
import { ErrorScreen } from '../../components/errors/error-screen.tsx';
import { RouteErrorScreen } from '../../components/errors/route-error-screen.tsx';
import { ChunkLoadError } from './lazy-page.ts';

/** What the routes show when they fail: a page whose code did not arrive gets words a person can act on, and a reload. */
export const RouteFailure = ({ error }: { error: unknown }) => {
  if (!(error instanceof ChunkLoadError)) return <RouteErrorScreen error={error} />;
  console.error('Route chunk failed to load', error.cause);
  return (
    <ErrorScreen message="This page could not be loaded. The app may have been updated since you opened it, or the connection dropped: reload to get the latest version." />
  );
};

interface Props {
  /** The location's key: the routes render again, error gone, once the user goes elsewhere. */
  location: string;
  children: ReactNode;
}

interface State {
  location: string;
  failed: boolean;
  error: unknown;
}

/** The routes' error boundary: an error while rendering a route, or a page's code that did not arrive, shows the error screen in its place. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { location: this.props.location, failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { location: props.location, failed: false, error: undefined };
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteFailure error={this.state.error} /> : this.props.children;
  }
}
