// A crash screen in place of what failed to render. Free of the router: the estimate link
// page (estimate-link.tsx) uses it without one; the router's own is router-error-page.tsx.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen, type CrashKind } from './crash-screen';

/**
 * `resetKey`: a crash screen clears when it changes (e.g. the path after navigating away),
 * without remounting what the boundary wraps the way a React `key` would.
 */
type Props = { kind?: CrashKind; resetKey?: string; children: ReactNode };
type State = { error: unknown; failed: boolean };

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(this.props.kind ?? 'Crash', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ error: null, failed: false });
  }

  override render() {
    if (this.state.failed) {
      return <CrashScreen error={this.state.error} kind={this.props.kind} onRetry={() => this.setState({ error: null, failed: false })} />;
    }
    return this.props.children;
  }
}
