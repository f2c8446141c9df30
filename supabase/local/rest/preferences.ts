// The Prefer and Accept headers as PostgREST reads them (Preferences.hs, MediaType.hs).
import { ApiError } from '../errors';

export type Preferences = {
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  /** What to echo in Preference-Applied. */
  applied: string[];
};

const ALLOWED: Record<string, readonly string[]> = {
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['lenient', 'strict'],
};

/** Comma-separated `key=value` items, possibly over several Prefer headers. Unknown keys are ignored. */
export function parsePreferences(header: string | null | undefined): Preferences {
  const prefs: Preferences = { applied: [] };
  if (!header) return prefs;
  const invalid: string[] = [];
  for (const raw of header.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    const key = (eq < 0 ? item : item.slice(0, eq)).trim().toLowerCase();
    const value = (eq < 0 ? '' : item.slice(eq + 1)).trim();
    const allowed = ALLOWED[key];
    if (!allowed) continue;
    if (!allowed.includes(value)) {
      invalid.push(item);
      continue;
    }
    if (key === 'return') prefs.return = value as Preferences['return'];
    else if (key === 'count') prefs.count = value as Preferences['count'];
    else if (key === 'resolution') prefs.resolution = value as Preferences['resolution'];
    else if (key === 'missing') prefs.missing = value as Preferences['missing'];
    else continue;
    prefs.applied.push(`${key}=${value}`);
  }
  if (invalid.length) {
    throw new ApiError(400, 'PGRST122', 'Invalid preferences given', `Invalid preferences: ${invalid.join(', ')}`);
  }
  return prefs;
}

export type MediaType = { kind: 'array' | 'object'; stripNulls: boolean };

/** Picks the first acceptable media type; 406 PGRST107 when none is. */
export function negotiateMediaType(accept: string | null | undefined): MediaType {
  if (!accept || accept.trim() === '') return { kind: 'array', stripNulls: false };
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return { kind: 'object', stripNulls };
    if (['application/json', 'application/vnd.pgrst.array+json', 'application/*', '*/*'].includes(type)) {
      return { kind: 'array', stripNulls };
    }
  }
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}
