// The one search rule of the app: text is normalized (lower case, accents and extra spaces
// removed), and a query matches when every one of its words begins some word of the text
// (or a part of a hyphenated word: "000123" finds "est-000123"). Lists answer it three ways
// that must agree: in memory (matchesWords), in an RxDB selector over a normalized `search`
// column (wordPrefixPattern), and through the estimates' word index (src/db/word-index.ts,
// built from searchWords and indexWords).

/** Longest normalized text a document keeps for search. */
export const SEARCH_MAX_LENGTH = 300;

/** Lower-case text without accents or extra spaces: what a list's search box matches. */
export function normalizeSearchText(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => !!p)
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_MAX_LENGTH);
}

/** The distinct words of a query, normalized. */
export function searchWords(query: string): string[] {
  return [...new Set(normalizeSearchText(query).split(' ').filter(Boolean))];
}

/**
 * What a normalized text can be found by, for a prefix index: each word, and what follows each
 * hyphen inside it ("est-000123" → "est-000123", "000123"). A query word matches when it begins
 * one of these, which is exactly the rule of matchesWords.
 */
export function indexWords(normalized: string): string[] {
  const words = new Set<string>();
  for (const word of normalized.split(' ')) {
    if (!word) continue;
    words.add(word);
    for (let at = word.indexOf('-'); at !== -1; at = word.indexOf('-', at + 1)) {
      if (at + 1 < word.length) words.add(word.slice(at + 1));
    }
  }
  return [...words];
}

/** True when every word of `query` begins a word of `text` (any text; it is normalized here). */
export function matchesWords(text: string, query: string): boolean {
  const words = searchWords(query);
  if (words.length === 0) return true;
  const own = ` ${normalizeSearchText(text)}`;
  return words.every((word) => own.includes(` ${word}`) || own.includes(`-${word}`));
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The same rule as a regular expression over a normalized `search` column; null for no words. */
export function wordPrefixPattern(query: string): string | null {
  const words = searchWords(query);
  if (words.length === 0) return null;
  return `^${words.map((w) => `(?=(.*[ -])?${escapeRegex(w)})`).join('')}`;
}
