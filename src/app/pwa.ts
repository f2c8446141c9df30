// Service worker registration through workbox-window (vite-plugin-pwa with injectRegister null,
// registerType 'prompt'): a new version waits until the user accepts the update prompt.
import { atom, type createStore } from 'jotai';
import { Workbox } from 'workbox-window';

export type UpdateOffer = { apply: () => void };

export const updateOfferAtom = atom<UpdateOffer | null>(null);

const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

export function registerServiceWorker(store: ReturnType<typeof createStore>): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  const offer = () =>
    store.set(updateOfferAtom, {
      apply: () => {
        wb.addEventListener('controlling', () => window.location.reload());
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
