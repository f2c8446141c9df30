import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
import { CrashScreen, type CrashKind } from './crash-screen';

type Props = { kind?: CrashKind; children: ReactNode };
type State = { error: unknown; failed: boolean };

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(this.props.kind ?? 'Crash', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return <CrashScreen error={this.state.error} kind={this.props.kind} onRetry={() => this.setState({ error: null, failed: false })} />;
    }
    return this.props.children;
  }
}

/** The router's errorElement: a route failed to load or render. */
export function RouterErrorPage() {
  const error = useRouteError();
  return <CrashScreen error={error} kind="Router Error" />;
}
