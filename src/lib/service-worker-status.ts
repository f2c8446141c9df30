// The service worker as the settings and monitoring pages show it. src/app/pwa.ts registers the
// worker and keeps this atom current; "check for update" goes through `checkForUpdate`.
import { atom } from 'jotai';

export type UpdateCheckResult = 'up-to-date' | 'update-waiting' | 'offline' | 'failed';

export type ServiceWorkerStatus = {
  /** 'development': the dev server runs without a worker; 'unsupported': the browser has none. */
  support: 'supported' | 'unsupported' | 'development';
  registration: 'pending' | 'registered' | 'failed';
  /** A worker controls this page (it starts offline). */
  controlled: boolean;
  /** A newer version is installed and waits for the reload the update prompt offers. */
  updateWaiting: boolean;
  lastCheckedAt: string | null;
  lastCheck: UpdateCheckResult | null;
  checkForUpdate: (() => Promise<UpdateCheckResult>) | null;
};

export const serviceWorkerStatusAtom = atom<ServiceWorkerStatus>({
  support: 'unsupported',
  registration: 'pending',
  controlled: false,
  updateWaiting: false,
  lastCheckedAt: null,
  lastCheck: null,
  checkForUpdate: null,
});

export const UPDATE_CHECK_MESSAGES: Record<UpdateCheckResult, string> = {
  'up-to-date': 'You have the latest version.',
  'update-waiting': 'A new version is ready. Reload to use it; your work is saved on this device.',
  offline: 'You are offline. Connect to check for an update.',
  failed: 'The check for an update failed. Try again later.',
};
