// The customer side's own IndexedDB database, apart from every staff database: this device's
// secret, its portal sessions (SPEC.md §3: sessionToken, encryptedData, iv, expiresAt), and per
// session the offline copy of the portal and the messages waiting to be sent. Everything but
// the session fields of SPEC.md §3 is sealed with the session's data key
// (src/lib/customer-session-crypto.ts), so it is unreadable once its session is gone.
//
// Plain IndexedDB rather than Dexie: the portal is the customer's first contact and a small
// download (issue 14: ≤ 150 KB), and these few reads and writes do not need a library of 30 KB.
// The database keeps the name, version and layout Dexie gave it (Dexie's version 1 is
// IndexedDB's 10), so a device that signed in before keeps its sessions. Each transaction issues
// its requests from callbacks, never across an await, so it cannot close half-way.
import type { Sealed, StoredSession } from './customer-session-crypto';
import type { PortalKind } from './portal-api';

const CUSTOMER_STORE_NAME = 'cep-customer-portal';
const CUSTOMER_STORE_VERSION = 10;

export type SessionRecord = StoredSession & {
  portalId: string;
  kind: PortalKind;
  /** SHA-256 of each link token this session was opened with (the portal's route keys). */
  routeKeys: string[];
  /** The portal's name and branding, for the selection pages. */
  label: Sealed;
  lastVisitAt: string;
};

export type CacheRecord = { portalId: string; sealed: Sealed; savedAt: string };

export type OutboxRecord = { key: string; portalId: string; sealed: Sealed; createdAt: string };

type DeviceRecord = { id: string; secret: Uint8Array<ArrayBuffer> };

type StoreName = 'device' | 'sessions' | 'cache' | 'outbox';

let opening: Promise<IDBDatabase> | undefined;

function createStores(db: IDBDatabase) {
  const has = (name: StoreName) => db.objectStoreNames.contains(name);
  if (!has('device')) db.createObjectStore('device', { keyPath: 'id' });
  if (!has('sessions')) db.createObjectStore('sessions', { keyPath: 'portalId' }).createIndex('routeKeys', 'routeKeys', { multiEntry: true });
  if (!has('cache')) db.createObjectStore('cache', { keyPath: 'portalId' });
  if (!has('outbox')) {
    const outbox = db.createObjectStore('outbox', { keyPath: 'key' });
    outbox.createIndex('portalId', 'portalId');
    outbox.createIndex('createdAt', 'createdAt');
  }
}

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(CUSTOMER_STORE_NAME, CUSTOMER_STORE_VERSION);
    request.onupgradeneeded = () => createStores(request.result);
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading or deleting the database: let it, and open again on next use.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
  });
  opening.catch(() => {
    opening = undefined;
  });
  return opening;
}

/**
 * One transaction: `work` issues its requests at once (or from their callbacks) and returns
 * how to read the answer, which is read when the transaction has committed.
 */
async function transact<T>(names: StoreName[], mode: IDBTransactionMode, work: (store: (name: StoreName) => IDBObjectStore) => () => T): Promise<T> {
  const db = await openDatabase();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(names, mode);
    const answer = work((name) => tx.objectStore(name));
    tx.oncomplete = () => resolve(answer());
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
  });
}

function read<T>(request: IDBRequest<T>): () => T {
  return () => request.result;
}

const nothing = () => undefined;

/** This device's secret: the stored one, or `create()` kept in the same transaction. */
function deviceSecret(create: () => Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return transact(['device'], 'readwrite', (store) => {
    let secret: Uint8Array<ArrayBuffer> | undefined;
    const get = store('device').get('secret') as IDBRequest<DeviceRecord | undefined>;
    get.onsuccess = () => {
      secret = get.result?.secret;
      if (secret) return;
      secret = create();
      store('device').put({ id: 'secret', secret } satisfies DeviceRecord);
    };
    return () => secret!;
  });
}

/** Reads a session and writes back what `change` makes of it, in one transaction. */
function updateSession(portalId: string, change: (record: SessionRecord) => void): Promise<void> {
  return transact(['sessions'], 'readwrite', (store) => {
    const get = store('sessions').get(portalId) as IDBRequest<SessionRecord | undefined>;
    get.onsuccess = () => {
      if (!get.result) return;
      change(get.result);
      store('sessions').put(get.result);
    };
    return nothing;
  });
}

/** A session, its offline copy and its queued messages, gone together. */
function forget(portalId: string): Promise<void> {
  return transact(['sessions', 'cache', 'outbox'], 'readwrite', (store) => {
    store('sessions').delete(portalId);
    store('cache').delete(portalId);
    store('outbox').index('portalId').getAllKeys(portalId).onsuccess = function (this: IDBRequest<IDBValidKey[]>) {
      for (const key of this.result) store('outbox').delete(key);
    };
    return nothing;
  });
}

async function queued(portalId: string): Promise<OutboxRecord[]> {
  const rows = await transact(['outbox'], 'readonly', (store) => read(store('outbox').index('portalId').getAll(portalId) as IDBRequest<OutboxRecord[]>));
  return rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

const get = <T>(name: StoreName, key: string) => transact([name], 'readonly', (store) => read(store(name).get(key) as IDBRequest<T | undefined>));
const put = (name: StoreName, value: object) => transact([name], 'readwrite', (store) => (store(name).put(value), nothing));
const remove = (name: StoreName, key: string) => transact([name], 'readwrite', (store) => (store(name).delete(key), nothing));
const all = <T>(name: StoreName) => transact([name], 'readonly', (store) => read(store(name).getAll() as IDBRequest<T[]>));

export const customerStore = {
  deviceSecret,
  session: (portalId: string) => get<SessionRecord>('sessions', portalId),
  sessionByRouteKey: (hash: string) => transact(['sessions'], 'readonly', (store) => read(store('sessions').index('routeKeys').get(hash) as IDBRequest<SessionRecord | undefined>)),
  sessions: () => all<SessionRecord>('sessions'),
  putSession: (record: SessionRecord) => put('sessions', record),
  updateSession,
  forget,
  cached: (portalId: string) => get<CacheRecord>('cache', portalId),
  putCache: (record: CacheRecord) => put('cache', record),
  queue: (record: OutboxRecord) => put('outbox', record),
  queued,
  dropQueued: (key: string) => remove('outbox', key),
};
