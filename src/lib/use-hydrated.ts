// Whether the page's script has taken over the HTML the server rendered (the estimate link
// page, src/estimate-link-server.tsx). False while the server renders and while the browser
// hydrates that HTML, true right after, and always true in a page drawn by the browser alone.
// Controls that need the script are disabled until then, so a tap on server HTML is not lost,
// and what depends on the reader (their time zone) is drawn once it is known.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
