// What portal.tsx renders: the customer and prospect portal pages (portal-pages.tsx) with the
// same layouts, head tags, focus handling, query cache and update offer as in the app, under
// react-router's declarative router, which is half the size of the app's data router
// (router.tsx) and enough for pages that load no data through the router. A path that is not a
// portal page (a link to /requests, /404) leaves for the app with a full navigation.
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { StrictMode, Suspense, use, useEffect, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchPath, Route, Routes, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toast';
import { appStore } from '../lib/app-store';
import { createQueryClient } from '../lib/query-client';
import { CustomerSessionGuard } from './customer-session-guard';
import { ErrorBoundary } from './error-boundary';
import { PublicLayout } from './layouts/public-layout';
import { PORTAL_PAGES, type PortalPage } from './portal-pages';
import { RootLayout } from './root-layout';
export { showStartupError } from './startup-error';
import { UpdatePrompt } from './update-prompt';

// Each page's module, loaded once. The promise carries its outcome the way React's use() reads
// it, so a page already loaded renders at once: the first page is loaded before the first
// render, and a navigation (a transition in react-router) keeps the current page on screen
// until the next one is in. No Suspense fallback shows on the way, and so React never holds a
// page back to pace fallbacks (it waits up to 300 ms after one).
const modules = new Map<string, Promise<ComponentType>>();

function loadPage(page: PortalPage): Promise<ComponentType> {
  let module = modules.get(page.path);
  if (!module) {
    const loading = page.load();
    loading.then(
      (value) => Object.assign(loading, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(loading, { status: 'rejected', reason });
        modules.delete(page.path);
      },
    );
    modules.set(page.path, loading);
    module = loading;
  }
  return module;
}

function LoadedPage({ page }: { page: PortalPage }) {
  const Page = use(loadPage(page));
  return <Page />;
}

function pageRoute(page: PortalPage) {
  return <Route key={page.path} path={page.path} element={<LoadedPage page={page} />} />;
}

/** Any other path belongs to the app: load it from the server (or the service worker). */
function LeaveForApp() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.replace(`${pathname}${search}${hash}`), [pathname, search, hash]);
  return <PageSpinner />;
}

function PortalApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <JotaiProvider store={appStore}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <Suspense fallback={<PageSpinner />}>
              <Routes>
                <Route element={<RootLayout />}>
                  <Route element={<PublicLayout />}>
                    {PORTAL_PAGES.filter((p) => !p.guarded).map(pageRoute)}
                    <Route element={<CustomerSessionGuard />}>{PORTAL_PAGES.filter((p) => p.guarded).map(pageRoute)}</Route>
                  </Route>
                </Route>
                <Route path="*" element={<LeaveForApp />} />
              </Routes>
            </Suspense>
          </BrowserRouter>
          <Toaster />
          <UpdatePrompt />
        </QueryClientProvider>
      </JotaiProvider>
    </ErrorBoundary>
  );
}

/** Renders the portal once the page of this address is loaded (the rest load on the way). */
export async function showPortal(): Promise<void> {
  const first = PORTAL_PAGES.find((page) => matchPath({ path: page.path, end: true }, window.location.pathname));
  if (first) await loadPage(first).catch(() => undefined);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <PortalApp />
    </StrictMode>,
  );
}
