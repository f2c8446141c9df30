import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/pwa';
import { loadsAuthAtStart } from './app/route-table';
import { createAppRouter } from './app/router';
import { StartupError } from './app/startup-error';
import { authNeededAtLoad, loadAuth } from './features/auth/use-auth';
import { appStore } from './lib/app-store';
import { loadRuntimeConfig, startupErrorMessage } from './lib/runtime-config';
import { provideRuntimeConfig } from './lib/supabase';

async function start() {
  const root = createRoot(document.getElementById('root')!);
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
    root.render(<StartupError message={startupErrorMessage(error)} />);
    return;
  }
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

void start();
