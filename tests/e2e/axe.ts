// axe-core in the page, cheaply: the 1.5 MB source goes into a document once and stays for
// every later check of the same document (a journey moves through many screens without a
// reload), and the run happens in the page itself (no blank page for the results, as
// @axe-core/playwright's default mode opens on every call, and no second injection).
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';

// The axe-core that @axe-core/playwright ships with, so both always agree on the version.
const require = createRequire(import.meta.url);
const { source } = createRequire(require.resolve('@axe-core/playwright'))('axe-core') as { source: string };

export type AxeNode = { target: (string | string[])[]; html: string };
export type AxeViolation = { id: string; impact?: 'minor' | 'moderate' | 'serious' | 'critical' | null; help: string; nodes: AxeNode[] };

type AxeWindow = {
  axe?: {
    configure(options: { allowedOrigins: string[] }): void;
    run(context: Document, options: object): Promise<{ violations: AxeViolation[] }>;
  };
};

async function inject(frame: Frame, frames: number): Promise<void> {
  try {
    if (!(await frame.evaluate(() => Boolean((window as AxeWindow).axe)))) await frame.evaluate(source);
    // Frames of other origins (the app inside a partner's page) answer the top frame too.
    if (frames > 1) await frame.evaluate(() => (window as AxeWindow).axe!.configure({ allowedOrigins: ['<unsafe_all_origins>'] }));
  } catch {
    // A frame that went away while we looked: nothing to check in it.
  }
}

/** The violations of the rules with `tags` on the page as it is now, its frames included. */
export async function axeViolations(page: Page, tags: readonly string[]): Promise<AxeViolation[]> {
  const frames = page.frames();
  for (const frame of frames) await inject(frame, frames.length);
  return page.evaluate(
    async ({ runTags, iframes }) => {
      const results = await (window as AxeWindow).axe!.run(document, {
        runOnly: { type: 'tag', values: runTags },
        resultTypes: ['violations'],
        iframes,
        frameWaitTime: 10_000,
      });
      return results.violations;
    },
    { runTags: [...tags], iframes: frames.length > 1 },
  );
}
