import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { applyHeadTags } from '../lib/head';
import { hasEmptyParam, headFor } from './route-table';

/** Every route: head tags per path, the empty-parameter rule, scroll on navigation. */
export function RootLayout() {
  const location = useLocation();
  const empty = hasEmptyParam(location.pathname);

  useEffect(() => {
    if (empty) return;
    const head = headFor(location.pathname);
    applyHeadTags({ title: head.title, description: head.description, canonical: `${window.location.origin}${head.canonicalPath}` });
  }, [location.pathname, empty]);

  useEffect(() => {
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location.pathname, location.hash]);

  if (empty) return <Navigate to="/404" replace />;
  return <Outlet />;
}
