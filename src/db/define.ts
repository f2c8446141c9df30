// A collection definition: the RxDB schema built from column builders, the zod type of a
// document, which columns the server owns, the local-only derived columns, and how documents
// of older schema versions are brought forward.
//
// Documents mirror the SQL columns by name, minus the server's bookkeeping: `_txid` and
// `locked_txid` never leave Postgres, and `_modified` is not carried either (RxDB reserves
// top-level names starting with `_` except `_deleted`; conflicts are detected by comparing
// content with the last known server state, so no version column is needed). `_deleted`
// is RxDB's own deleted flag and maps 1:1 to the column.
import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { z } from 'zod';
import { timestamp, uuid, type Field } from './fields';

type Fields = Record<string, Field>;

export type DocOf<F extends Fields> = { [K in keyof F]: z.infer<F[K]['zod']> };
type Shape<F extends Fields> = { [K in keyof F]: F[K]['zod'] };
export type Index<F extends Fields> = (keyof F & string) | (keyof F & string)[];

export type CollectionDefinition<F extends Fields = Fields> = {
  name: string;
  /** Replicated to Postgres (the table has the same name), or local to this device. */
  replicated: boolean;
  fields: F;
  schema: RxJsonSchema<DocOf<F>>;
  zod: z.ZodObject<Shape<F>>;
  /** Set by the server (triggers): a merge always keeps the server's value. */
  serverOwned: readonly string[];
  /** Computed on the device from other columns; never sent as data the server keeps. */
  derived: readonly string[];
  /**
   * One strategy per version above 0. By default a version only adds columns: the migration
   * fills them with their defaults and recomputes the derived ones. RxDB migrates the
   * replication's meta state with the documents (and keeps their write times), so local
   * changes not yet pushed are still pushed after the migration
   * (tests/integration/sync-migration.test.ts).
   */
  migrationStrategies: MigrationStrategies;
  /** A server row or a merged document → the local document: known columns, derived filled in. */
  normalize(row: Record<string, unknown>): DocOf<F> & { _deleted?: boolean };
  /** A new document: defaults for every column the caller leaves out, validated. */
  create(values: Partial<DocOf<F>>): DocOf<F>;
};

export function replicatedColumns() {
  return { id: uuid(), org_id: uuid(), created_at: timestamp(), updated_at: timestamp() };
}

export function defineCollection<F extends Fields>(options: {
  name: string;
  replicated?: boolean;
  primaryKey?: keyof F & string;
  primaryKeyMaxLength?: number;
  fields: F;
  /** The schema version; raise it when columns are added (see migrationStrategies). */
  version?: number;
  /** Strategies for versions that need more than new columns with their defaults. */
  migrations?: MigrationStrategies;
  indexes?: Index<F>[];
  serverOwned?: (keyof F & string)[];
  derive?: (doc: DocOf<F>) => Partial<DocOf<F>>;
}): CollectionDefinition<F> {
  const { name, fields } = options;
  const primaryKey = options.primaryKey ?? 'id';
  const replicated = options.replicated ?? true;
  const keys = Object.keys(fields);
  const properties: Record<string, unknown> = {};
  for (const key of keys) properties[key] = { ...fields[key]!.json };
  if (options.primaryKeyMaxLength) properties[primaryKey] = { type: 'string', maxLength: options.primaryKeyMaxLength };
  const schema = {
    title: name,
    version: options.version ?? 0,
    primaryKey,
    type: 'object',
    properties,
    required: keys,
    indexes: options.indexes ?? [],
  } as unknown as RxJsonSchema<DocOf<F>>;
  const shape = Object.fromEntries(keys.map((k) => [k, fields[k]!.zod])) as Shape<F>;
  const zod = z.object(shape);
  const derive = options.derive ?? (() => ({}));
  const derived = Object.keys(derive(Object.fromEntries(keys.map((k) => [k, fields[k]!.initial()])) as DocOf<F>));

  function normalize(row: Record<string, unknown>) {
    const doc: Record<string, unknown> = {};
    for (const key of keys) doc[key] = key in row && row[key] !== undefined ? row[key] : fields[key]!.initial();
    Object.assign(doc, derive(doc as DocOf<F>));
    if (typeof row._deleted === 'boolean') doc._deleted = row._deleted;
    return doc as DocOf<F> & { _deleted?: boolean };
  }

  function create(values: Partial<DocOf<F>>): DocOf<F> {
    const doc: Record<string, unknown> = {};
    for (const key of keys) doc[key] = key in values && (values as Record<string, unknown>)[key] !== undefined ? (values as Record<string, unknown>)[key] : fields[key]!.initial();
    Object.assign(doc, derive(doc as DocOf<F>));
    return zod.parse(doc) as DocOf<F>;
  }

  // Fills columns an older version lacked; keeps RxDB's own fields (_meta, _rev, …) as they are.
  const addColumns = (old: Record<string, unknown>) => {
    const doc: Record<string, unknown> = { ...old };
    for (const key of keys) if (!(key in doc) || doc[key] === undefined) doc[key] = fields[key]!.initial();
    return { ...doc, ...derive(doc as DocOf<F>) };
  };
  const migrationStrategies: MigrationStrategies = {};
  for (let v = 1; v <= (options.version ?? 0); v++) migrationStrategies[v] = options.migrations?.[v] ?? addColumns;

  return {
    name,
    replicated,
    fields,
    schema,
    zod,
    serverOwned: [...(replicated ? ['created_at', 'updated_at'] : []), ...(options.serverOwned ?? [])],
    derived,
    migrationStrategies,
    normalize,
    create,
  };
}
