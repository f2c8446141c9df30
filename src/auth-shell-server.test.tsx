import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderAuthShell, SESSION_CHECK } from './auth-shell-server';

const template = readFileSync(new URL('./index.html', import.meta.url), 'utf8').replace(
  '</head>',
  '<link rel="modulepreload" crossorigin href="/assets/start-app-abc.js">\n<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>',
);

/** Runs the session check against a storage holding `stored`; whether it marked the page. */
function marks(stored: Record<string, string>): boolean {
  const keys = Object.keys(stored);
  const localStorage = { length: keys.length, key: (i: number) => keys[i] ?? null };
  const attributes = new Set<string>();
  const document = { documentElement: { setAttribute: (name: string) => attributes.add(name) } };
  new Function('localStorage', 'document', SESSION_CHECK.source)(localStorage, document);
  return attributes.has('data-session-stored');
}

describe('the sign-in screen written into auth.html', () => {
  const html = renderAuthShell(template)!;
  const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('<noscript>'));

  it('holds the signed-out sign-in screen in place of "Loading…", with its title', () => {
    expect(root).toContain('<h1 class="text-2xl font-semibold text-slate-900">Welcome back</h1>');
    expect(root).not.toContain('Loading…');
    expect(root).toMatch(/<input[^>]*name="identifier"/);
    expect(root).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
    expect(html).toContain('<title>Sign In · Customer Engagement Portal</title>');
    expect(html).toContain('<div id="root" data-written-in="">'); // main.tsx: show it, then start the app
  });

  it('cannot be sent before the app takes over: its one submit button is disabled', () => {
    expect(root.match(/<button type="submit"[^>]*>/g)).toEqual([expect.stringContaining(' disabled=""')]);
  });

  it('keeps the stylesheet and the entry script, and leaves out the preloads', () => {
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(html).toContain('<script type="module" src="/main.tsx"></script>');
    expect(html).not.toContain('modulepreload');
  });

  it('is hidden from a visitor with a stored session before the body is drawn', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    // A classic script in the head (not a module, async or deferred one) runs before the first paint.
    expect(head).toContain(`<script src="/${SESSION_CHECK.file}"></script>`);
    expect(readFileSync(new URL('./styles.css', import.meta.url), 'utf8')).toMatch(/html\[data-session-stored\] #root\[data-written-in\] \{\s*visibility: hidden;/);
    expect(marks({ 'sb-abc-auth-token': '{}' })).toBe(true);
    expect(marks({ 'sb-abc-auth-token-code-verifier': 'x', other: 'y' })).toBe(false);
  });

  it('refuses a template without a place for the screen', () => {
    expect(renderAuthShell(template.replace(/<!--\/?shell-view-->/g, ''))).toBeNull();
  });
});
