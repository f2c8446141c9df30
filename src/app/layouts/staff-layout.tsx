import { useAtomValue } from 'jotai';
import { Menu as MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { Drawer } from '../../components/ui/dialog';
import { handOverAtom } from '../../features/estimates/streamlined/hand-over';
import { Brand } from '../brand';
import { ErrorBoundary } from '../error-boundary';
import { StaffNavigation, useScreenClick } from '../navigation';
import { SyncIndicator } from '../sync-indicator';
import { UserMenu } from '../user-menu';

export function StaffLayout() {
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const openHome = useScreenClick()('/');
  // Handed over to a customer (the tablet flow): no staff navigation, and no other route.
  const handOver = useAtomValue(handOverAtom);
  if (handOver && location.pathname !== handOver.path) return <Navigate to={`${handOver.path}?step=review`} replace />;
  const chrome = !handOver;

  return (
    <div className="min-h-dvh bg-slate-50">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow">
        Skip to content
      </a>

      {chrome && <aside className="fixed inset-y-0 left-0 z-30 hidden w-20 flex-col border-r border-slate-200 bg-white md:flex lg:w-64 print:hidden">
        <Link to="/" onClick={openHome} className="flex h-16 items-center justify-center border-b border-slate-200 px-3 lg:justify-start lg:px-4">
          <span className="lg:hidden">
            <Brand compact />
          </span>
          <span className="hidden lg:inline">
            <Brand />
          </span>
        </Link>
        <StaffNavigation layout="rail" />
      </aside>}

      {chrome && <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} label="Navigation">
        <div className="flex h-16 items-center border-b border-slate-200 px-5">
          <Brand />
        </div>
        <StaffNavigation layout="full" onNavigate={() => setDrawerOpen(false)} />
      </Drawer>}

      <div className={`flex min-h-dvh flex-col print:pl-0 ${chrome ? 'md:pl-20 lg:pl-64' : ''}`}>
        {chrome && <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur md:px-6 print:hidden">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            className="-ml-1 rounded-lg p-2 text-slate-600 hover:bg-slate-100 md:hidden"
            aria-label="Open navigation"
            aria-expanded={drawerOpen}
          >
            <MenuIcon aria-hidden="true" className="size-6" />
          </button>
          <Link to="/" onClick={openHome} className="md:hidden">
            <Brand compact />
          </Link>
          <div className="flex-1" />
          <SyncIndicator />
          <UserMenu />
        </header>}
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none md:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto w-full max-w-6xl">
            {/* Not keyed: a key would remount the workspace gate (its database and sync) on every navigation. */}
            <ErrorBoundary resetKey={location.pathname}>
              <Outlet />
            </ErrorBoundary>
          </div>
        </main>
      </div>
    </div>
  );
}
