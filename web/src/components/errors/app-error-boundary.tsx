import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen, messageOf } from './error-screen.tsx';

interface Props {
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** Catches render errors outside the router (providers, persistence gate) and shows the error screen. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen message={messageOf(this.state.error)} /> : this.props.children;
  }
}
