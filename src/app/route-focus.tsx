import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

// A lazy page may take a moment to put its <main> in place.
const LOOK_EVERY_MS = 50;
const LOOK_TIMES = 40;

function focusMain(): boolean {
  const main = document.getElementById('main');
  if (!main) return false;
  const active = document.activeElement;
  // The page put focus into its content itself (a field it opens with), or a dialog holds it.
  if (active && active !== document.body && (main.contains(active) || active.closest('[role="dialog"]'))) return true;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
  return true;
}

/**
 * After a navigation inside the app (not the first load of the page), keyboard focus moves to
 * the new page's main content, so Tab goes on from there and a screen reader reads it, and the
 * page's title is announced politely; without this, focus stays on the link that was used or
 * falls back to the top of the document.
 */
export function RouteFocus({ title }: { title: string }) {
  const { pathname } = useLocation();
  const firstPath = useRef<string | null>(pathname);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (firstPath.current !== null && firstPath.current === pathname) return;
    firstPath.current = null;
    setAnnouncement(title);
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      if (!focusMain() && ++tries < LOOK_TIMES) timer = setTimeout(look, LOOK_EVERY_MS);
    };
    timer = setTimeout(look, 0);
    return () => clearTimeout(timer);
  }, [pathname, title]);

  return (
    <p role="status" data-testid="route-announcement" className="sr-only">
      {announcement}
    </p>
  );
}
