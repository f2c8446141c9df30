import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner';
import { authNeededAtLoad, loadAuth } from '../features/auth/use-auth';
import { RouterErrorPage } from './router-error-page';
import { CustomerSessionGuard } from './customer-session-guard';
import { LegacyRedirect, StaffGuard } from './guards';
import { PublicLayout } from './layouts/public-layout';
import { NotFoundPage } from './not-found-page';
import { PORTAL_PAGES } from './portal-pages';
import { RootLayout } from './root-layout';

type Lazy = () => Promise<{ Component: ComponentType }>;

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Lazy {
  return async () => ({ Component: pick(await load()) });
}

// A screen of the auth feature opens once supabase-js and the auth controller are loaded
// (they load alongside the screen's own code, not after it).
function withAuth(load: Lazy): Lazy {
  return async () => (await Promise.all([load(), loadAuth()]))[0];
}

// /auth opens without them when the visitor is known to be signed out: its forms load them when
// first touched (use-auth.ts).
const authPage: Lazy = page(() => import('../features/auth/auth-page'), (m) => m.AuthPage);
const loadAuthPage: Lazy = () => (authNeededAtLoad() ? withAuth(authPage)() : authPage());

// The settings page shows the auth feature's security panel and e-mail change; the app composes them.
const loadSettingsPage: Lazy = withAuth(async () => {
  const [{ SettingsPage }, { AccountSecurityPanel }, { EmailChangeForm }] = await Promise.all([
    import('../features/settings/settings-page'),
    import('../features/auth/account-security-panel'),
    import('../features/auth/email-change-form'),
  ]);
  return {
    Component: function Settings() {
      return <SettingsPage securityPanel={<AccountSecurityPanel />} emailChange={<EmailChangeForm />} />;
    },
  };
});

// The invite page shows the auth feature's account forms and knows who is signed in through it.
const loadInvitePage: Lazy = withAuth(async () => {
  const [{ InvitePage }, { InviteAccountForms, useInviteVisitor }] = await Promise.all([
    import('../features/invites/invite-page'),
    import('../features/auth/invite-account'),
  ]);
  return {
    Component: function Invite() {
      return <InvitePage visitor={useInviteVisitor()} accountForms={(props) => <InviteAccountForms {...props} />} />;
    },
  };
});

// The estimate link page's view (forms, signature pad) downloads alongside the page's own
// small module, not after it; the loader starts the opening call as soon as its module is in,
// without waiting for the view's code or the first render.
const startEstimateOpening = ({ params }: LoaderFunctionArgs) => {
  void import('../features/customer-portal/estimate-view/opening').then((m) => m.startOpening(params.token ?? ''));
  return null;
};

const loadEstimateLinkPage: Lazy = async () => {
  const [{ EstimateViewPage }] = await Promise.all([
    import('../features/customer-portal/estimate-view-page'),
    import('../features/customer-portal/estimate-view/components/estimate-view'),
  ]);
  return { Component: EstimateViewPage };
};

function portalRoutes(guarded: boolean): RouteObject[] {
  return PORTAL_PAGES.filter((p) => p.guarded === guarded).map(({ path, load }) => ({ path, lazy: async () => ({ Component: await load() }) }));
}

const publicRoutes: RouteObject[] = [
  { path: '/requests', lazy: page(() => import('../features/requests/requests-page'), (m) => m.RequestsPage) },
  { path: '/portal/estimate/:token', loader: startEstimateOpening, lazy: loadEstimateLinkPage },
  ...portalRoutes(false),
  { path: '/invite/:token', lazy: loadInvitePage },
  { element: <CustomerSessionGuard />, children: portalRoutes(true) },
  { path: '/404', element: <NotFoundPage /> },
  { path: '*', element: <NotFoundPage /> },
];

const staffRoutes: RouteObject[] = [
  { path: '/', lazy: page(() => import('../features/home/home-page'), (m) => m.HomePage) },
  { path: '/estimates', lazy: page(() => import('../features/estimates/list/estimates-page'), (m) => m.EstimatesPage) },
  { path: '/estimates/:id', lazy: page(() => import('../features/estimates/detail/estimate-page'), (m) => m.EstimatePage) },
  { path: '/estimates/:id/edit', lazy: page(() => import('../features/estimates/editor/estimate-edit-page'), (m) => m.EstimateEditPage) },
  { path: '/estimates/:id/streamlined', lazy: page(() => import('../features/estimates/streamlined/streamlined-page'), (m) => m.StreamlinedEstimatePage) },
  { path: '/prospects', lazy: page(() => import('../features/prospects/prospects-page'), (m) => m.ProspectsPage) },
  { path: '/accounts', lazy: page(() => import('../features/accounts/accounts-page'), (m) => m.AccountsPage) },
  { path: '/products', lazy: page(() => import('../features/products/products-page'), (m) => m.ProductsPage) },
  { path: '/analytics', lazy: page(() => import('../features/analytics/analytics-page'), (m) => m.AnalyticsPage) },
  { path: '/portals', lazy: page(() => import('../features/portals/portals-page'), (m) => m.PortalsPage) },
  { path: '/portals/:id', lazy: page(() => import('../features/portals/portal-page'), (m) => m.PortalPage) },
  { path: '/portals/:id/settings', lazy: page(() => import('../features/portals/portal-settings-page'), (m) => m.PortalSettingsPage) },
  { path: '/settings', lazy: loadSettingsPage },
  { path: '/team', lazy: page(() => import('../features/team/team-page'), (m) => m.TeamPage) },
  { path: '/monitoring', lazy: page(() => import('../features/monitoring/monitoring-page'), (m) => m.MonitoringPage) },
];

const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouterErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: '/auth', lazy: loadAuthPage },
      { path: '/communities', element: <Navigate to="/estimates" replace /> },
      { path: '/communities/:id', element: <LegacyRedirect to={(id) => `/estimates/${id}`} /> },
      { path: '/communities/:id/edit', element: <LegacyRedirect to={(id) => `/estimates/${id}/edit`} /> },
      {
        element: <StaffGuard />,
        children: [
          {
            lazy: page(() => import('./layouts/staff-layout'), (m) => m.StaffLayout),
            // Every staff page runs inside the member's workspace: device database, sync, role.
            children: [{ lazy: page(() => import('./workspace-gate'), (m) => m.WorkspaceGate), children: staffRoutes }],
          },
        ],
      },
      { element: <PublicLayout />, children: publicRoutes },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** Resolves once the router has loaded the first page's code (or failed to: its error screen shows). */
export function routerReady(router: Pick<AppRouter, 'state' | 'subscribe'>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
