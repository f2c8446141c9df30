// Installing the portal: on portal pages the document names the portal's own manifest (it
// starts at /portal-selection, not at the staff sign-in), and the browser's install prompt is
// offered as a button while the browser allows it.
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../ui/button';

type InstallPrompt = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };

let deferred: InstallPrompt | null = null;
const listeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPrompt;
    listeners.forEach((l) => l());
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    listeners.forEach((l) => l());
  });
}

const PORTAL_MANIFEST = '/portal.webmanifest';

/** While a portal page is shown, the page's manifest is the portal's. */
export function usePortalManifest() {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    const previous = link.getAttribute('href');
    link.setAttribute('href', PORTAL_MANIFEST);
    return () => {
      if (previous) link.setAttribute('href', previous);
    };
  }, []);
}

export function InstallButton() {
  const [prompt, setPrompt] = useState(deferred);
  useEffect(() => {
    const update = () => setPrompt(deferred);
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  if (!prompt) return null;
  const install = async () => {
    await prompt.prompt();
    await prompt.userChoice.catch(() => undefined);
    deferred = null;
    setPrompt(null);
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void install()} icon={<Download aria-hidden="true" className="size-4" />}>
      Install on this device
    </Button>
  );
}
