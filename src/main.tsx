import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/pwa';
import { StartupError } from './app/startup-error';
import { appStore } from './lib/app-store';
import { describeError } from './lib/errors';
import { loadRuntimeConfig } from './lib/runtime-config';
import { initSupabase } from './lib/supabase';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  registerServiceWorker(appStore);
  try {
    initSupabase(await loadRuntimeConfig());
  } catch (error) {
    root.render(<StartupError message={error instanceof Error && error.name === 'ConfigUnavailableError' ? error.message : describeError(error).message} />);
    return;
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
