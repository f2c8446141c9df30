import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { registerServiceWorker } from './pwa';
import { loadsAuthAtStart } from './route-table';
import { createAppRouter, routerReady } from './router';
import { StartupError } from './startup-error';
import { authNeededAtLoad, loadAuth } from '../features/auth/use-auth';
import { appStore } from '../lib/app-store';
import { keepPrerenderedInput, restorePrerenderedFocus, WRITTEN_IN } from '../lib/prerendered-input';
import { loadRuntimeConfig, startupErrorMessage } from '../lib/runtime-config';
import { provideRuntimeConfig } from '../lib/supabase';

/** The app's start, run by main.tsx (on auth.html once the browser has shown the screen written in). */
async function start() {
  const container = document.getElementById('root')!;
  const root = createRoot(container);
  registerServiceWorker(appStore);
  const config = loadRuntimeConfig();
  provideRuntimeConfig(config);
  // Nothing waits in line: the router starts loading the page's code and, where the page
  // needs auth, supabase-js loads too, both while the config is read.
  const router = createAppRouter();
  if (loadsAuthAtStart(window.location) && authNeededAtLoad()) loadAuth().catch(() => undefined);
  try {
    await config;
  } catch (error) {
    container.removeAttribute(WRITTEN_IN);
    root.render(<StartupError message={startupErrorMessage(error)} />);
    return;
  }
  // The first render waits for the page's code: before it, the router renders nothing, which
  // would blank the screen written into the HTML (auth.html) or its "Loading…" for a moment.
  await routerReady(router);
  // Rendered at once (flushSync), so nothing typed into the written-in screen lands between
  // reading it and replacing it.
  keepPrerenderedInput(container);
  // The screen written in may be hidden for a stored session (styles.css); the app's own is not.
  container.removeAttribute(WRITTEN_IN);
  flushSync(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
  restorePrerenderedFocus(container);
}

void start();
