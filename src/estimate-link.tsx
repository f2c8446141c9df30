// /portal/estimate/{token} as a customer first opens it from the e-mail: a page of its own
// (estimate-link.html), without the router, the staff shell or the service worker, so the
// customer's phone downloads the view and little else. The server answers that path with
// estimate-link.html; inside the app (and where a host does not rewrite to it) the same route
// of the router shows the same view.
//
// This module stays small and runs first: it starts reading the config and the opening call
// at once, while React and the view download (the HTML preloads them).
import './styles.css';
import { startOpening } from './features/customer-portal/estimate-view/opening';
import { ESTIMATE_LINK_HEAD, tokenFromPath } from './app/estimate-link-route';
import { applyHeadTags, pageDescription, pageTitle } from './lib/head';
import { loadRuntimeConfig, startupErrorMessage } from './lib/runtime-config';
import { provideRuntimeConfig } from './lib/supabase';

async function start() {
  const token = tokenFromPath(window.location.pathname);
  applyHeadTags({ title: pageTitle(ESTIMATE_LINK_HEAD.name), description: pageDescription(ESTIMATE_LINK_HEAD.description), canonical: `${window.location.origin}${window.location.pathname}` });
  const config = loadRuntimeConfig();
  provideRuntimeConfig(config);
  startOpening(token);
  const page = import('./app/estimate-link-page');
  try {
    await config;
  } catch (error) {
    (await page).showStartupError(startupErrorMessage(error));
    return;
  }
  (await page).showEstimateLink(token);
}

void start();
