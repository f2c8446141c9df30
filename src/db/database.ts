// The device's database: RxDB on Dexie (IndexedDB), one per signed-in user, so a different
// user on the same device gets a separate database and never sees or pushes another's data.
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { withChangedSince } from './changed-since';
import { withPulledMeta, type MigrateState } from './pulled-meta';
import { accounts } from './collections/accounts';
import { comments } from './collections/comments';
import { estimateItems } from './collections/estimate-items';
import { estimateRequests } from './collections/estimate-requests';
import { estimateVersions } from './collections/estimate-versions';
import { estimates } from './collections/estimates';
import { milestones } from './collections/milestones';
import { organizations } from './collections/organizations';
import { portals } from './collections/portals';
import { products } from './collections/products';
import { profiles } from './collections/profiles';
import { prospects } from './collections/prospects';
import { syncIssues } from './collections/sync-issues';
import type { CollectionDefinition, DocOf } from './define';
import { sparseGetMany } from './sparse-get-many';

export const COLLECTIONS = {
  organizations,
  profiles,
  accounts,
  prospects,
  products,
  estimates,
  estimate_items: estimateItems,
  milestones,
  estimate_versions: estimateVersions,
  portals,
  comments,
  estimate_requests: estimateRequests,
  sync_issues: syncIssues,
} as const;

export type CollectionName = keyof typeof COLLECTIONS;
export type DocType<N extends CollectionName> = DocOf<(typeof COLLECTIONS)[N]['fields']>;
type AppCollections = { [N in CollectionName]: RxCollection<DocType<N>> };
/** RxDB's open-source core refuses more than 13 open collections per JavaScript process. */
export const MAX_OPEN_COLLECTIONS = 13;
export type AppDatabase = RxDatabase<AppCollections>;

/** Replicated collections in the order a push applies them: parents before children. */
export const REPLICATED_COLLECTIONS = [
  'organizations',
  'profiles',
  'accounts',
  'prospects',
  'products',
  'estimates',
  'estimate_items',
  'milestones',
  'estimate_versions',
  'portals',
  'comments',
  'estimate_requests',
] as const satisfies readonly CollectionName[];
export type ReplicatedName = (typeof REPLICATED_COLLECTIONS)[number];

export function definitionOf(name: CollectionName): CollectionDefinition {
  return COLLECTIONS[name] as unknown as CollectionDefinition;
}

/** RxDB's names allow [a-z0-9_$-]; one database per user id. */
export function databaseNameFor(userId: string, suffix = ''): string {
  const id = userId.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (!id) throw new Error('A database needs a user id');
  return `cep_${id}${suffix ? `_${suffix.toLowerCase().replace(/[^a-z0-9]/g, '')}` : ''}`;
}

export type OpenDatabaseOptions = {
  userId: string;
  /** Tests and a second simulated device pass their own IndexedDB (fake-indexeddb). */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** Distinguishes several simulated devices of one user in one process (tests). */
  nameSuffix?: string;
  /** Several tabs share the database and elect one to replicate (default true). */
  multiInstance?: boolean;
  /**
   * Open only these collections (sync_issues is always opened). Tests that simulate several
   * devices in one process need this: the collection limit counts every open database.
   */
  collections?: ReplicatedName[];
};

let pluginsAdded = false;

/** A pulled state kept from an older schema version, brought forward by the collection's own strategies. */
const migrateState: MigrateState = async (collectionName, doc, from, to) => {
  const definition = (COLLECTIONS as Record<string, CollectionDefinition | undefined>)[collectionName];
  const strategies = (definition?.migrationStrategies ?? {}) as Record<number, ((old: Record<string, unknown>) => unknown) | undefined>;
  let state: Record<string, unknown> | null = doc;
  for (let v = from + 1; v <= to && state; v++) state = ((await strategies[v]?.(state)) ?? null) as Record<string, unknown> | null;
  return state;
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<AppDatabase> {
  if (!pluginsAdded) {
    addRxPlugin(RxDBLeaderElectionPlugin);
    addRxPlugin(RxDBLocalDocumentsPlugin);
    addRxPlugin(RxDBMigrationSchemaPlugin);
    pluginsAdded = true;
  }
  const storage = withPulledMeta(
    withChangedSince(
      getRxStorageDexie({
        ...(options.indexedDB ? { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange } : {}),
        onCreate: (dexie) => void dexie.use(sparseGetMany(options.IDBKeyRange ?? globalThis.IDBKeyRange)),
      }),
    ),
    migrateState,
  );
  const database = await createRxDatabase<AppCollections>({
    name: databaseNameFor(options.userId, options.nameSuffix),
    storage,
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
    // Sync keeps its device id and unacknowledged batch in local documents: no collection spent.
    localDocuments: true,
  });
  const wanted = new Set<string>([...(options.collections ?? REPLICATED_COLLECTIONS), 'sync_issues']);
  const creators = Object.fromEntries(
    Object.entries(COLLECTIONS).filter(([name]) => wanted.has(name)).map(([name, definition]) => [
      name,
      { schema: definition.schema, migrationStrategies: definition.migrationStrategies },
    ]),
  );
  await database.addCollections(creators as never);
  return database;
}
