// The router's errorElement, apart from error-boundary.tsx so that stays free of the router.
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { CrashScreen } from './crash-screen';

const CHUNK_LOAD_ERROR = /dynamically imported module|importing a module script failed|error loading dynamically/i;
const CHUNK_RELOAD_KEY = 'cep.chunk-reload-at';
const CHUNK_RELOAD_WINDOW_MS = 10_000;

/**
 * A lazy route's file vanished (a new version was deployed): worth one fresh load, not two.
 * `reachable`: whether a reload can load the app at all, online or from the service worker;
 * offline without one it would leave the browser's own error page where the app can still say
 * what happened.
 */
export function shouldReloadForChunkError(error: unknown, lastReloadAt: number | null, now: number, reachable = true): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return reachable && CHUNK_LOAD_ERROR.test(message) && (lastReloadAt === null || now - lastReloadAt > CHUNK_RELOAD_WINDOW_MS);
}

const reloadCanLoad = () => navigator.onLine || Boolean(navigator.serviceWorker?.controller);

/** The router's errorElement: a route failed to load or render. */
export function RouterErrorPage() {
  const error = useRouteError();
  const reload = shouldReloadForChunkError(error, Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || null, Date.now(), reloadCanLoad());
  useEffect(() => {
    if (!reload) return;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    window.location.reload();
  }, [reload]);
  return <CrashScreen error={error} kind="Router Error" />;
}
