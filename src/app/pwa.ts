// Service worker registration through workbox-window (vite-plugin-pwa with injectRegister null,
// registerType 'prompt'): a new version waits until the user accepts the update prompt.
import { atom, type createStore } from 'jotai';
import { Workbox } from 'workbox-window';
import { serviceWorkerStatusAtom, type ServiceWorkerStatus, type UpdateCheckResult } from '../lib/service-worker-status';

export type UpdateOffer = { apply: () => void };

export const updateOfferAtom = atom<UpdateOffer | null>(null);

const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;
const APPLY_FALLBACK_MS = 3000;

type Store = ReturnType<typeof createStore>;

function reportStatus(store: Store, patch: Partial<ServiceWorkerStatus>): void {
  store.set(serviceWorkerStatusAtom, { ...store.get(serviceWorkerStatusAtom), ...patch });
}

/** Asks the server for a newer worker now; a new one found installs and then offers the update. */
function updateChecker(store: Store, registration: ServiceWorkerRegistration) {
  return async (): Promise<UpdateCheckResult> => {
    let result: UpdateCheckResult;
    if (!navigator.onLine) result = 'offline';
    else {
      try {
        await registration.update();
        result = registration.installing || registration.waiting ? 'update-waiting' : 'up-to-date';
      } catch {
        result = 'failed';
      }
    }
    reportStatus(store, { lastCheck: result, lastCheckedAt: new Date().toISOString() });
    return result;
  };
}

export function registerServiceWorker(store: Store): void {
  if (!('serviceWorker' in navigator)) return;
  if (!import.meta.env.PROD) return reportStatus(store, { support: 'development' });
  reportStatus(store, { support: 'supported', controlled: Boolean(navigator.serviceWorker.controller) });
  navigator.serviceWorker.addEventListener('controllerchange', () => reportStatus(store, { controlled: Boolean(navigator.serviceWorker.controller) }));
  const wb = new Workbox('/sw.js', { scope: '/' });
  const offer = () => {
    reportStatus(store, { updateWaiting: true });
    store.set(updateOfferAtom, {
      apply: () => {
        // Reload once the new worker controls the page. The browser's own controllerchange is
        // heard too (workbox-window names only the workers it registered itself), and a worker
        // that never takes over (another tab holds it back, it failed to activate) still gets
        // the page reloaded after a moment, so the button never does nothing.
        let reloaded = false;
        const reload = () => {
          if (reloaded) return;
          reloaded = true;
          window.location.reload();
        };
        wb.addEventListener('controlling', reload);
        navigator.serviceWorker.addEventListener('controllerchange', reload);
        setTimeout(reload, APPLY_FALLBACK_MS);
        wb.messageSkipWaiting();
      },
    });
  };
  wb.addEventListener('waiting', offer);
  wb.register().then(
    (registration) => {
      if (!registration) return reportStatus(store, { registration: 'failed' });
      reportStatus(store, { registration: 'registered', updateWaiting: Boolean(registration.waiting), checkForUpdate: updateChecker(store, registration) });
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    (error: unknown) => {
      reportStatus(store, { registration: 'failed' });
      console.warn('service worker not registered', error);
    },
  );
}
