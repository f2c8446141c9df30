// Per-path head tags (SPEC.md §2): title cut to 60 characters, description to 160.
const APP_NAME = 'Customer Engagement Portal';
const DEFAULT_DESCRIPTION = 'Collaborate on estimates, products, and timelines in a secure customer portal.';
export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 160;

export function cut(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join('');
  return `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

export function pageTitle(name?: string): string {
  return cut(name ? `${name} · ${APP_NAME}` : APP_NAME, TITLE_MAX);
}

export function pageDescription(description?: string): string {
  return cut(description || DEFAULT_DESCRIPTION, DESCRIPTION_MAX);
}

export type HeadTags = { title: string; description: string; canonical: string };

function upsert(selector: string, create: () => HTMLElement, set: (el: HTMLElement) => void) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  set(el);
}

function meta(attr: 'name' | 'property', key: string) {
  return () => {
    const el = document.createElement('meta');
    el.setAttribute(attr, key);
    return el;
  };
}

export function applyHeadTags(tags: HeadTags): void {
  document.title = tags.title;
  upsert('meta[name="description"]', meta('name', 'description'), (el) => el.setAttribute('content', tags.description));
  upsert('meta[property="og:title"]', meta('property', 'og:title'), (el) => el.setAttribute('content', tags.title));
  upsert('meta[property="og:description"]', meta('property', 'og:description'), (el) => el.setAttribute('content', tags.description));
  upsert('meta[property="og:url"]', meta('property', 'og:url'), (el) => el.setAttribute('content', tags.canonical));
  upsert(
    'link[rel="canonical"]',
    () => {
      const el = document.createElement('link');
      el.setAttribute('rel', 'canonical');
      return el;
    },
    (el) => el.setAttribute('href', tags.canonical),
  );
}
