import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { applyHeadTags } from '../lib/head';
import { RouteFocus } from './route-focus';
import { hasEmptyParam, headFor } from './route-table';

/** Every route: head tags per path, the empty-parameter rule, scroll and focus on navigation. */
export function RootLayout() {
  const location = useLocation();
  const empty = hasEmptyParam(location.pathname);

  useEffect(() => {
    if (empty) return;
    const head = headFor(location.pathname);
    applyHeadTags({ title: head.title, description: head.description, canonical: `${window.location.origin}${head.canonicalPath}` });
  }, [location.pathname, empty]);

  useEffect(() => {
    if (!location.hash) {
      window.scrollTo(0, 0);
      return;
    }
    // The target may belong to a lazy page that is still loading: look again for a moment.
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const raw = location.hash.slice(1);
    const id = (() => {
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    })();
    const scroll = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView();
      else if (++tries < 20) timer = setTimeout(scroll, 50);
    };
    scroll();
    return () => clearTimeout(timer);
  }, [location.pathname, location.hash]);

  if (empty) return <Navigate to="/404" replace />;
  return (
    <>
      <Outlet />
      <RouteFocus title={headFor(location.pathname).title} />
    </>
  );
}
