// /portal/estimate/{token} as a customer first opens it from the e-mail: a page of its own
// (estimate-link.html), without the router, the staff shell or the service worker, so the
// customer's phone downloads the view and little else. The server answers that path with
// estimate-link.html, rendered with the estimate when it can (estimate-link-server.tsx); inside
// the app (and where a host does not rewrite to it) the same route of the router shows the same
// view.
//
// This module stays small and runs first: it takes the server's answer from the page, or
// starts the opening call at once, while React and the view download (the HTML preloads them).
import './styles.css';
import { readServedOpening } from './features/customer-portal/estimate-view/served-opening';
import { startOpening, takeServedOpening } from './features/customer-portal/estimate-view/opening';
import { ESTIMATE_LINK_HEAD, tokenFromPath } from './app/estimate-link-route';
import { startWithConfig } from './app/start-with-config';
import { applyHeadTags, pageDescription, pageTitle } from './lib/head';

async function start() {
  const token = tokenFromPath(window.location.pathname);
  applyHeadTags({ title: pageTitle(ESTIMATE_LINK_HEAD.name), description: pageDescription(ESTIMATE_LINK_HEAD.description), canonical: `${window.location.origin}${window.location.pathname}` });
  const served = readServedOpening(token);
  const page = await startWithConfig(() => {
    if (served === undefined) startOpening(token);
    else takeServedOpening(token);
    return import('./app/estimate-link-page');
  });
  page?.showEstimateLink(token, served);
}

void start();
