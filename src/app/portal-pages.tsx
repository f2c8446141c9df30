// The customer and prospect portal pages of SPEC.md §2, declared once: the app's router
// (router.tsx) and the portal's page of its own (portal-app.tsx) both build their routes from
// this list, so the two always show the same page for a path. `guarded` pages are behind the
// customer session guard.
import { lazy, Suspense, type ComponentType } from 'react';
import { PageSpinner } from '../components/ui/spinner';

export type PortalPage = { path: string; guarded: boolean; load: () => Promise<ComponentType> };

// A prospect portal opens its estimates in the customer portal's estimate view (loaded when an
// estimate is opened); the app composes the two.
const PortalEstimateView = lazy(() => import('../features/customer-portal/portal-estimate').then((m) => ({ default: m.PortalEstimateView })));

async function loadProspectPortalPage(): Promise<ComponentType> {
  const { ProspectPortalPage } = await import('../features/prospect-portal/prospect-portal-page');
  return function ProspectPortal() {
    return (
      <ProspectPortalPage
        renderEstimate={(props) => (
          <Suspense fallback={<PageSpinner label="Opening the estimate…" />}>
            <PortalEstimateView {...props} />
          </Suspense>
        )}
      />
    );
  };
}

export const PORTAL_PAGES: readonly PortalPage[] = [
  { path: '/portal-auth', guarded: false, load: () => import('../features/customer-portal/portal-auth-page').then((m) => m.PortalAuthPage) },
  { path: '/portal-selection', guarded: false, load: () => import('../features/customer-portal/portal-selection-page').then((m) => m.PortalSelectionPage) },
  { path: '/prospect-portal-auth', guarded: false, load: () => import('../features/prospect-portal/prospect-portal-auth-page').then((m) => m.ProspectPortalAuthPage) },
  {
    path: '/prospect-portal-selection',
    guarded: false,
    load: () => import('../features/prospect-portal/prospect-portal-selection-page').then((m) => m.ProspectPortalSelectionPage),
  },
  { path: '/prospect-portal/:token', guarded: false, load: loadProspectPortalPage },
  { path: '/portal/:token', guarded: true, load: () => import('../features/customer-portal/portal-home-page').then((m) => m.PortalHomePage) },
  { path: '/portal/:token/new-estimate', guarded: true, load: () => import('../features/customer-portal/new-estimate-page').then((m) => m.PortalNewEstimatePage) },
];
