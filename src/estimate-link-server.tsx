// The estimate link page rendered by the server (issue 12): on a slow line the customer reads
// the estimate, its total included, as soon as the HTML arrives, instead of after the page's
// script has downloaded and called for it. Built on its own for Node (vite.config.ts, into
// the build's ssr/ folder, never served); supabase/local/estimate-link-page.ts loads it, reads
// the estimate as the customer (logged, no view counted) and asks it for the page. The page's
// script then takes over the same HTML (estimate-link.tsx).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { EstimateLinkApp } from './app/estimate-link-app';
import { tokenFromPath } from './app/estimate-link-route';
import { parseOpening, servedOpeningScript } from './features/customer-portal/estimate-view/served-opening';
import { ServerStylesProvider, stylesheetOf, type StyleCollector } from './lib/server-styles';

export { tokenFromPath };

// The places estimate-link.html keeps for the server: the view (its loading state until then)
// and the answer it was rendered from.
const VIEW = /<!--ssr-view-->[\s\S]*?<!--\/ssr-view-->/;
const DATA = '<!--ssr-data-->';

/** A rendered page and the bodies of the inline <style> elements in it (the server allows each by its hash). */
export type RenderedPage = { html: string; inlineStyles: string[] };

/** The page with `answer` (the opening call's answer, null for a link that does not open) rendered in; null when the template or the answer is not as expected. */
export function renderEstimateLinkPage(template: string, token: string, answer: unknown): RenderedPage | null {
  const opening = parseOpening(answer);
  if (opening === undefined || !VIEW.test(template) || !template.includes(DATA) || !template.includes('</head>')) return null;
  const styles: StyleCollector = new Map();
  const view = renderToString(
    <StrictMode>
      <ServerStylesProvider value={styles}>
        <EstimateLinkApp token={token} opening={opening} />
      </ServerStylesProvider>
    </StrictMode>,
  );
  const stylesheet = stylesheetOf(styles);
  const html = template
    .replace(VIEW, () => view)
    .replace(DATA, () => servedOpeningScript(token, answer))
    .replace('</head>', () => (stylesheet ? `<style>${stylesheet}</style></head>` : '</head>'));
  return { html, inlineStyles: stylesheet ? [stylesheet] : [] };
}
