// Service worker registration through workbox-window (vite-plugin-pwa with injectRegister null,
// registerType 'prompt'): a new version waits until the user accepts the update prompt.
import { atom, type createStore } from 'jotai';
import { Workbox } from 'workbox-window';

export type UpdateOffer = { apply: () => void };

export const updateOfferAtom = atom<UpdateOffer | null>(null);

const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;
const APPLY_FALLBACK_MS = 3000;

export function registerServiceWorker(store: ReturnType<typeof createStore>): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  const offer = () =>
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
  wb.addEventListener('waiting', offer);
  wb.register().then(
    (registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    (error: unknown) => console.warn('service worker not registered', error),
  );
}
