// Field-level three-way merge of a document the device changed while the server changed it
// too. It is a pure function of (base, server, local), so every device that resolves the same
// conflict reaches the same document. Rules, in the order they are tried for each field:
//
//   server-owned        the server sets the field (numbers, totals, timestamps, derived
//                       columns): the server's value.
//   unchanged-locally   local = base: the server's value.
//   unchanged-on-server server = base: the local value.
//   same-change         local = server: that value.
//   server-wins         both changed it to different values: the value that reached the
//                       server first stays ("first write to reach the server wins"); the
//                       local value is logged as a conflict and can be restored.
//   deleted-on-server   the server deleted the document while this device edited it: the
//                       document stays deleted; every field the device changed is logged, and
//                       restoring one brings the document back.
//
// A document created on two devices with the same id has no base: every differing field
// falls under server-wins.
export type Doc = Record<string, unknown>;

export type MergeRule = 'server-owned' | 'unchanged-locally' | 'unchanged-on-server' | 'same-change' | 'server-wins' | 'deleted-on-server';

export type LostValue = {
  field: string;
  local: unknown;
  server: unknown;
  base: unknown;
  rule: 'server-wins' | 'deleted-on-server';
};

export type MergeResult = { doc: Doc; lost: LostValue[]; rules: Record<string, MergeRule> };

const RXDB_INTERNAL = new Set(['_meta', '_rev', '_attachments']);

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (a === b) return true;
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

export function mergeDocuments(input: { base: Doc | undefined; server: Doc; local: Doc; serverOwned?: Iterable<string> }): MergeResult {
  const serverOwned = new Set(input.serverOwned ?? []);
  const base = input.base ?? {};
  const { server, local } = input;
  const keys = [...new Set([...Object.keys(server), ...Object.keys(local)])].filter((k) => !RXDB_INTERNAL.has(k)).sort();
  const doc: Doc = {};
  const lost: LostValue[] = [];
  const rules: Record<string, MergeRule> = {};
  const changedLocally: string[] = [];

  for (const key of keys) {
    const b = input.base ? base[key] : undefined;
    const s = server[key];
    const l = local[key];
    let rule: MergeRule;
    if (serverOwned.has(key)) rule = 'server-owned';
    else if (input.base && sameValue(l, b)) rule = 'unchanged-locally';
    else if (input.base && sameValue(s, b)) rule = 'unchanged-on-server';
    else if (sameValue(l, s)) rule = 'same-change';
    else rule = 'server-wins';
    doc[key] = rule === 'unchanged-on-server' ? l : s;
    rules[key] = rule;
    if (rule === 'server-wins') lost.push({ field: key, local: l ?? null, server: s ?? null, base: b ?? null, rule });
    if (key !== '_deleted' && (rule === 'unchanged-on-server' || rule === 'server-wins')) changedLocally.push(key);
  }

  const deletedOnServer = server._deleted === true && !(input.base?._deleted === true) && local._deleted !== true;
  if (deletedOnServer) {
    doc._deleted = true;
    rules._deleted = 'deleted-on-server';
    for (const field of changedLocally) {
      const existing = lost.find((x) => x.field === field);
      if (existing) existing.rule = 'deleted-on-server';
      else lost.push({ field, local: local[field] ?? null, server: server[field] ?? null, base: base[field] ?? null, rule: 'deleted-on-server' });
    }
  }
  return { doc, lost: lost.filter((x) => x.field !== '_deleted'), rules };
}

/**
 * The base for a merge when the device's own write reached the server but the answer did not:
 * `pushed` is what the device sent, `known` what the server made of it (with the columns it
 * fills in). A field the device has not touched since is based on its pushed value, so the
 * server's value stands; a field it changed since is based on the server's record of the
 * write, so only a later change on the server makes it a conflict.
 */
export function baseAfterOwnWrite(pushed: Doc, known: Doc, local: Doc): Doc {
  const base: Doc = { ...known };
  for (const key of Object.keys(pushed)) if (sameValue(local[key], pushed[key])) base[key] = pushed[key];
  return base;
}

/** The device's document with the fields it has not changed since `pushed` taken from `known`. */
export function rebaseOnOwnWrite(pushed: Doc, known: Doc, local: Doc): Doc {
  const doc: Doc = { ...local };
  for (const key of Object.keys(pushed)) if (key in known && sameValue(local[key], pushed[key])) doc[key] = known[key];
  return doc;
}

/** Equality RxDB uses to tell whether two states of a document differ. */
export function documentsEqual(a: Doc, b: Doc): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (RXDB_INTERNAL.has(key)) continue;
    if (key === '_deleted') {
      if (!!a[key] !== !!b[key]) return false;
      continue;
    }
    if (!sameValue(a[key], b[key])) return false;
  }
  return true;
}

/** A short stable hash (FNV-1a) for conflict ids, so recording the same conflict twice is one entry. */
export function shortHash(value: unknown): string {
  const text = JSON.stringify(value ?? null);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
