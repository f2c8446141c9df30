// Client JSON is checked for depth before it is parsed or handed to SQL: a body nested
// hundreds of thousands of levels deep fits under the size limit but exhausts the stack of
// whoever walks it (Postgres's jsonb functions answer "stack depth limit exceeded"). No real
// payload comes near the limit: a sync batch nests about five levels.

export const MAX_JSON_DEPTH = 64;

/**
 * The nesting depth of `text` read as JSON (arrays and objects; brackets inside strings do
 * not count), stopping as soon as it passes `limit`. Says nothing about validity: JSON.parse
 * does that afterwards.
 */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
      continue;
    }
    if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return deepest;
}

export class JsonTooDeepError extends Error {
  constructor(readonly limit: number) {
    super(`JSON is nested more than ${limit} levels deep`);
  }
}

/** JSON.parse, refusing text nested deeper than `limit` before parsing it. */
export function parseJsonWithin(text: string, limit = MAX_JSON_DEPTH): unknown {
  if (jsonDepth(text, limit) > limit) throw new JsonTooDeepError(limit);
  return JSON.parse(text);
}
