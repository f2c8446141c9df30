// The start of the customer's pages of their own (estimate-link.tsx, portal.tsx): the runtime
// config is read, and handed to supabase, while the page's code downloads; a config that cannot
// be read shows the start-up error instead of the page.
import { loadRuntimeConfig, startupErrorMessage } from '../lib/runtime-config';
import { provideRuntimeConfig } from '../lib/supabase';

type Page = { showStartupError(message: string): void };

/** Starts reading the config, then `load` (which may start other work first); the page once both are in, or null. */
export async function startWithConfig<P extends Page>(load: () => Promise<P>): Promise<P | null> {
  const config = loadRuntimeConfig();
  provideRuntimeConfig(config);
  const page = load();
  try {
    await config;
  } catch (error) {
    (await page).showStartupError(startupErrorMessage(error));
    return null;
  }
  return page;
}
