// The customer side's own IndexedDB database (Dexie), apart from every staff database: this
// device's secret, its portal sessions (SPEC.md §3: sessionToken, encryptedData, iv,
// expiresAt), and per session the offline copy of the portal and the messages waiting to be
// sent. Everything but the session fields of SPEC.md §3 is sealed with the session's data key
// (src/lib/customer-session-crypto.ts), so it is unreadable once its session is gone.
import { Dexie, type EntityTable } from 'dexie';
import type { Sealed, StoredSession } from './customer-session-crypto';
import type { PortalKind } from './portal-api';

const CUSTOMER_STORE_NAME = 'cep-customer-portal';

export type SessionRecord = StoredSession & {
  portalId: string;
  kind: PortalKind;
  /** SHA-256 of each link token this session was opened with (the portal's route keys). */
  routeKeys: string[];
  /** The portal's name and branding, for the selection pages. */
  label: Sealed;
  lastVisitAt: string;
};

type CacheRecord = { portalId: string; sealed: Sealed; savedAt: string };

type OutboxRecord = { key: string; portalId: string; sealed: Sealed; createdAt: string };

type DeviceRecord = { id: string; secret: Uint8Array<ArrayBuffer> };

export type CustomerStore = Dexie & {
  device: EntityTable<DeviceRecord, 'id'>;
  sessions: EntityTable<SessionRecord, 'portalId'>;
  cache: EntityTable<CacheRecord, 'portalId'>;
  outbox: EntityTable<OutboxRecord, 'key'>;
};

function openCustomerStore(name = CUSTOMER_STORE_NAME): CustomerStore {
  const db = new Dexie(name) as CustomerStore;
  db.version(1).stores({ device: 'id', sessions: 'portalId, *routeKeys', cache: 'portalId', outbox: 'key, portalId, createdAt' });
  return db;
}

let shared: CustomerStore | undefined;

export function customerStore(): CustomerStore {
  shared ??= openCustomerStore();
  return shared;
}
