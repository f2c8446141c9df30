// Finds the foreign key behind an embed `rel!hint(...)` the way PostgREST does: `rel` is a
// table referencing or referenced by the source, a foreign key column of the source, or a
// constraint name; hints (constraint or column names) narrow several candidates to one.
import { ApiError } from '../errors';
import type { Catalog, ForeignKey, Table } from './catalog';

export type Relationship = {
  target: Table;
  toOne: boolean;
  constraint: string;
  /** Column pairs: target column = source column. */
  pairs: { target: string; source: string }[];
};

function sameSet(a: string[], b: string[]) {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function matchesHint(fk: ForeignKey, hint: string) {
  return hint === fk.name || sameSet(fk.columns, [hint]) || sameSet(fk.refColumns, [hint]) || hint === fk.table || hint === fk.refTable;
}

export function findRelationship(catalog: Catalog, source: Table, relation: string, hints: string[]): Relationship {
  const candidates: Relationship[] = [];
  for (const fk of catalog.foreignKeys) {
    if (hints.some((h) => !matchesHint(fk, h))) continue;
    const outgoing =
      fk.table === source.name && (fk.refTable === relation || fk.name === relation || sameSet(fk.columns, [relation]));
    if (outgoing) {
      const target = catalog.tables.get(fk.refTable);
      if (target) {
        candidates.push({
          target,
          toOne: true,
          constraint: fk.name,
          pairs: fk.refColumns.map((c, i) => ({ target: c, source: fk.columns[i]! })),
        });
      }
    }
    const incoming = fk.refTable === source.name && (fk.table === relation || fk.name === relation);
    if (incoming && !(outgoing && fk.table === fk.refTable && fk.name !== relation)) {
      const target = catalog.tables.get(fk.table);
      if (target) {
        candidates.push({
          target,
          toOne: target.uniqueKeys.some((key) => sameSet(key, fk.columns)),
          constraint: fk.name,
          pairs: fk.columns.map((c, i) => ({ target: c, source: fk.refColumns[i]! })),
        });
      }
    }
  }
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) {
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source.name}' and '${relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${source.name}' and '${relation}'${hints.length ? ` using the hint '${hints.join('!')}'` : ''} in the schema 'public', but no matches were found.`,
      `Perhaps you meant '${relation}' to be a foreign key column or a table related to '${source.name}'.`,
    );
  }
  const options = candidates.map((c) => `'${relation}!${c.constraint}'`);
  throw new ApiError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source.name}' and '${relation}'`,
    candidates.map((c) => `${c.toOne ? 'many-to-one' : 'one-to-many'} using ${c.constraint}`).join('; '),
    `Try changing '${relation}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
