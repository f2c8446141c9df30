// Inline styles (a brand colour, a timeline bar's place) in a page the server renders. The
// page's security policy refuses style attributes written in HTML (style-src 'self'), while
// styles the script sets are allowed. So, until the script has taken over, an element carries
// a key instead (data-style) and the server writes one <style> rule per key, which the policy
// allows by its hash (supabase/local/estimate-link-page.ts); from then on it has its style.
import { createContext, useContext, type CSSProperties } from 'react';
import { useHydrated } from './use-hydrated';

/** Declarations by key, filled while the server renders. */
export type StyleCollector = Map<string, string>;

const Collector = createContext<StyleCollector | null>(null);
export const ServerStylesProvider = Collector.Provider;

const kebab = (name: string) => (name.startsWith('--') ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));

// What a value may hold in the server's stylesheet: colours, lengths, percentages, plain words.
// Anything else (a brace, a quote, a semicolon) could end the rule: it is left out.
const SAFE_VALUE = /^[\w#%.,()\s-]+$/;

/** `{ left: '20%', '--org': '#0f766e' }` → `left:20%;--org:#0f766e`; unsafe values are left out. */
export function declarationsOf(style: CSSProperties): string {
  return Object.entries(style)
    .filter(([, value]) => value !== undefined && value !== null && SAFE_VALUE.test(String(value)))
    .map(([name, value]) => `${kebab(name)}:${String(value)}`)
    .join(';');
}

/** A short key that is the same on the server and in the browser for the same declarations (FNV-1a). */
export function styleKey(declarations: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < declarations.length; i++) hash = Math.imul(hash ^ declarations.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** The props that give an element `style`: the key while server HTML stands, the style after. */
export function useStyleProps(style: CSSProperties): { style?: CSSProperties; 'data-style'?: string } {
  const hydrated = useHydrated();
  const collector = useContext(Collector);
  if (hydrated) return { style };
  const declarations = declarationsOf(style);
  const key = styleKey(declarations);
  collector?.set(key, declarations);
  return { 'data-style': key };
}

/** The rules for the keys a render used. */
export function stylesheetOf(collector: StyleCollector): string {
  return [...collector].map(([key, declarations]) => `[data-style="${key}"]{${declarations}}`).join('');
}
