// The sign-in screen written into the build as auth.html (vite.config.ts), issue 17's offline
// start: the service worker answers /auth with it (workbox tries /auth.html for /auth), so a
// signed-out visitor sees the screen as soon as the HTML is parsed instead of after the app's
// JavaScript has run, loaded the page's code and rendered it (about 250 ms on a tablet, even
// offline). It is a picture of the screen, not a second app: the same script starts and
// renders the same screen over it. What is typed before then is kept (lib/prerendered-input.ts).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { headFor } from './app/route-table';
import { AuthPage } from './features/auth/auth-page';
import { SignedOutAuthProvider } from './features/auth/use-auth';
import { WRITTEN_IN } from './lib/prerendered-input';

// The place index.html keeps for a screen written in: its "Loading…" until then.
const VIEW = /<!--shell-view-->[\s\S]*?<!--\/shell-view-->/;
const TITLE = /<title>[^<]*<\/title>/;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// The app's own files, which index.html preloads so that they download while it is parsed.
// Left out here: each file the service worker answers costs the page's main thread time before
// its first paint (measured in tests/bench/shell.ts: 5.3x the baseline with them, 3.4x without).
// main.tsx imports the app after that paint, and the import fetches the same files at once.
// (With them the app takes the screen over about 80 ms sooner; a person typing an e-mail and a
// password takes far longer, and what they type is kept.)
const PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;

// A signed-in visitor must not see this sign-in screen before the app sends them on: a classic
// script in the head runs before the body is drawn, marks the page when supabase-js has a
// session stored (the test of lib/supabase.ts hasStoredAuthToken), and styles.css then hides
// the screen written in until the app takes over. A file, not inline: the CSP allows no inline
// script. vite.config.ts writes it beside auth.html.
export const SESSION_CHECK = {
  file: 'auth-session-check.js',
  source:
    "try{for(var i=0;i<localStorage.length;i++)if(/^sb-.+-auth-token$/.test(localStorage.key(i)||'')){document.documentElement.setAttribute('data-session-stored','');break}}catch(e){}\n",
};

/** index.html with the signed-out sign-in screen of /auth in its root and its title; null when the template has no place for it. */
export function renderAuthShell(template: string): string | null {
  if (!VIEW.test(template) || !TITLE.test(template) || !template.includes('<div id="root">')) return null;
  const view = renderToString(
    <StrictMode>
      <MemoryRouter initialEntries={['/auth']}>
        <SignedOutAuthProvider>
          <AuthPage />
        </SignedOutAuthProvider>
      </MemoryRouter>
    </StrictMode>,
  );
  // Its Sign in button disabled until the app has taken the screen over: a form sent by the
  // browser itself would put the password in the address (GET). Enter in a field does nothing
  // either while the form's default button is disabled.
  const inert = view.replace('<button type="submit"', '<button type="submit" disabled=""');
  if (inert === view) return null;
  return template
    .replace('<div id="root">', `<div id="root" ${WRITTEN_IN}="">`)
    .replace(VIEW, () => inert)
    .replace(TITLE, () => `<title>${escapeHtml(headFor('/auth').title)}</title>`)
    .replace(PRELOAD, '')
    .replace('</head>', () => `<script src="/${SESSION_CHECK.file}"></script>\n</head>`);
}
