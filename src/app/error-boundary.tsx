import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
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

const CHUNK_LOAD_ERROR = /dynamically imported module|importing a module script failed|error loading dynamically/i;
const CHUNK_RELOAD_KEY = 'cep.chunk-reload-at';
const CHUNK_RELOAD_WINDOW_MS = 10_000;

/**
 * A lazy route's file vanished (a new version was deployed): worth one fresh load, not two.
 * Offline a reload cannot fetch anything the service worker does not hold, and would leave the
 * browser's own error page where the app could still say what happened: no reload then.
 */
export function shouldReloadForChunkError(error: unknown, lastReloadAt: number | null, now: number, online = true): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return online && CHUNK_LOAD_ERROR.test(message) && (lastReloadAt === null || now - lastReloadAt > CHUNK_RELOAD_WINDOW_MS);
}

/** The router's errorElement: a route failed to load or render. */
export function RouterErrorPage() {
  const error = useRouteError();
  const reload = shouldReloadForChunkError(error, Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || null, Date.now(), navigator.onLine);
  useEffect(() => {
    if (!reload) return;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    window.location.reload();
  }, [reload]);
  return <CrashScreen error={error} kind="Router Error" />;
}
