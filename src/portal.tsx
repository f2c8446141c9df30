// The customer and prospect portals as a customer first opens them from the e-mail: a page of
// its own (portal.html), without the app's data router or anything of the staff side, so the
// customer's device downloads the portal and little else. The server answers the portal paths
// with portal.html; under the service worker (an installed portal, offline) and where a host
// does not rewrite to it, the app's router shows the same pages (src/app/portal-pages.tsx).
import './styles.css';
import { registerServiceWorker } from './app/pwa';
import { startWithConfig } from './app/start-with-config';
import { appStore } from './lib/app-store';

async function start() {
  // The service worker makes the portal installable and readable offline.
  registerServiceWorker(appStore);
  const app = await startWithConfig(() => import('./app/portal-app'));
  await app?.showPortal();
}

void start();
