// The customer and prospect portals as a customer first opens them from the e-mail: a page of
// its own (portal.html), without the app's data router or anything of the staff side, so the
// customer's device downloads the portal and little else. The server answers the portal paths
// with portal.html; under the service worker (an installed portal, offline) and where a host
// does not rewrite to it, the app's router shows the same pages (src/app/portal-pages.tsx).
import './styles.css';
import { registerServiceWorker } from './app/pwa';
import { appStore } from './lib/app-store';
import { loadRuntimeConfig, startupErrorMessage } from './lib/runtime-config';
import { provideRuntimeConfig } from './lib/supabase';

async function start() {
  // The service worker makes the portal installable and readable offline.
  registerServiceWorker(appStore);
  const config = loadRuntimeConfig();
  provideRuntimeConfig(config);
  const app = import('./app/portal-app');
  try {
    await config;
  } catch (error) {
    (await app).showStartupError(startupErrorMessage(error));
    return;
  }
  await (await app).showPortal();
}

void start();
