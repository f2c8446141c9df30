import type { Dexie, EntityTable } from 'dexie';

// Kept on this device only (SPEC §3: security events are only logged locally). A separate
// Dexie database so it survives RxDB resets and schema migrations. Dexie itself is loaded on
// the first read or write, not with the screens that import this module (the app's start,
// the sign-in screen), so a page that logs nothing never downloads it.

const LOCAL_LOG_DB_NAME = 'cep-local-log';
export const ERROR_QUEUE_LIMIT = 100;
export const LOG_BUFFER_LIMIT = 100;
const SECURITY_EVENT_LIMIT = 500;

export type SecurityEventType = 'login_attempt' | 'login_success' | 'login_failure' | 'suspicious_activity';

type SecurityEventMetadata = {
  email?: string | null;
  client_id?: string | null;
  action?: string | null;
  reason?: string | null;
  error?: string | null;
};

export type SecurityEvent = {
  id?: number;
  event_type: SecurityEventType;
  user_id: string | null;
  metadata: SecurityEventMetadata;
  timestamp: string;
  session_id: string | null;
};

export type ErrorEntry = {
  id?: number;
  message: string;
  error_id?: string | null;
  name?: string | null;
  stack?: string | null;
  route?: string | null;
  version?: string | null;
  severity?: string | null;
  context?: Record<string, unknown> | null;
  timestamp: string;
};

type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type LogEntry = {
  id?: number;
  level: LogLevel;
  message: string;
  data?: Record<string, unknown> | null;
  timestamp: string;
};

type LoginAttempts = { fingerprint: string; failures: number[] };

type DeviceEntry = { key: string; value: string };

type LocalLogDatabase = Dexie & {
  securityEvents: EntityTable<SecurityEvent, 'id'>;
  errorQueue: EntityTable<ErrorEntry, 'id'>;
  logBuffer: EntityTable<LogEntry, 'id'>;
  loginAttempts: EntityTable<LoginAttempts, 'fingerprint'>;
  device: EntityTable<DeviceEntry, 'key'>;
};

export type NewSecurityEvent = Omit<SecurityEvent, 'id' | 'timestamp' | 'user_id' | 'session_id' | 'metadata'> &
  Partial<Pick<SecurityEvent, 'timestamp' | 'user_id' | 'session_id' | 'metadata'>>;

async function openDatabase(name: string): Promise<LocalLogDatabase> {
  const { Dexie } = await import('dexie');
  const db = new Dexie(name) as LocalLogDatabase;
  db.version(1).stores({
    securityEvents: '++id, event_type, timestamp',
    errorQueue: '++id, timestamp',
    logBuffer: '++id, timestamp',
    loginAttempts: 'fingerprint',
    device: 'key',
  });
  return db;
}

export class LocalLog {
  private readonly name: string;
  private opening: Promise<LocalLogDatabase> | null = null;

  constructor(name: string = LOCAL_LOG_DB_NAME) {
    this.name = name;
  }

  private database(): Promise<LocalLogDatabase> {
    this.opening ??= openDatabase(this.name);
    return this.opening;
  }

  async recordSecurityEvent(event: NewSecurityEvent): Promise<SecurityEvent> {
    const row: SecurityEvent = {
      event_type: event.event_type,
      user_id: event.user_id ?? null,
      metadata: event.metadata ?? {},
      timestamp: event.timestamp ?? new Date().toISOString(),
      session_id: event.session_id ?? null,
    };
    const db = await this.database();
    await this.addCapped(db, db.securityEvents, row, SECURITY_EVENT_LIMIT);
    return row;
  }

  async securityEvents(type?: SecurityEventType): Promise<SecurityEvent[]> {
    const rows = await (await this.database()).securityEvents.orderBy('id').toArray();
    return type ? rows.filter((row) => row.event_type === type) : rows;
  }

  async enqueueError(entry: Omit<ErrorEntry, 'id' | 'timestamp'> & { timestamp?: string }): Promise<void> {
    const db = await this.database();
    await this.addCapped(
      db,
      db.errorQueue,
      { ...entry, timestamp: entry.timestamp ?? new Date().toISOString() },
      ERROR_QUEUE_LIMIT,
    );
  }

  async errors(): Promise<ErrorEntry[]> {
    return (await this.database()).errorQueue.orderBy('id').toArray();
  }

  async clearErrors(): Promise<void> {
    await (await this.database()).errorQueue.clear();
  }

  async appendLog(entry: Omit<LogEntry, 'id' | 'timestamp'> & { timestamp?: string }): Promise<void> {
    const db = await this.database();
    await this.addCapped(
      db,
      db.logBuffer,
      { ...entry, timestamp: entry.timestamp ?? new Date().toISOString() },
      LOG_BUFFER_LIMIT,
    );
  }

  async logs(): Promise<LogEntry[]> {
    return (await this.database()).logBuffer.orderBy('id').toArray();
  }

  async loginFailures(fingerprint: string): Promise<number[]> {
    const row = await (await this.database()).loginAttempts.get(fingerprint);
    return row?.failures ?? [];
  }

  async setLoginFailures(fingerprint: string, failures: number[]): Promise<void> {
    const db = await this.database();
    if (failures.length === 0) await db.loginAttempts.delete(fingerprint);
    else await db.loginAttempts.put({ fingerprint, failures });
  }

  // A random id per device (per browser profile), created once and kept.
  async deviceId(): Promise<string> {
    const db = await this.database();
    return db.transaction('rw', db.device, async () => {
      const existing = await db.device.get('device-id');
      if (existing) return existing.value;
      const value = crypto.randomUUID();
      await db.device.put({ key: 'device-id', value });
      return value;
    });
  }

  close(): void {
    void this.opening?.then((db) => db.close(), () => undefined);
  }

  async delete(): Promise<void> {
    await (await this.database()).delete();
  }

  private async addCapped<T extends { id?: number }>(db: Dexie, table: EntityTable<T, 'id'>, row: T, limit: number): Promise<void> {
    await db.transaction('rw', table, async () => {
      await table.add(row as never);
      const count = await table.count();
      if (count > limit) {
        const oldest = await table.orderBy('id').limit(count - limit).primaryKeys();
        await table.bulkDelete(oldest);
      }
    });
  }
}

let shared: LocalLog | null = null;

export function localLog(): LocalLog {
  shared ??= new LocalLog();
  return shared;
}

// Logging must never break the caller: IndexedDB can be missing (private mode) or full.
export async function recordSecurityEvent(event: NewSecurityEvent): Promise<void> {
  try {
    await localLog().recordSecurityEvent(event);
  } catch (error) {
    console.warn('security event not recorded', error);
  }
}

export async function enqueueError(entry: Omit<ErrorEntry, 'id' | 'timestamp'> & { timestamp?: string }): Promise<void> {
  try {
    await localLog().enqueueError(entry);
  } catch (error) {
    console.warn('error not queued', error);
  }
}

export async function appendLog(entry: Omit<LogEntry, 'id' | 'timestamp'> & { timestamp?: string }): Promise<void> {
  try {
    await localLog().appendLog(entry);
  } catch (error) {
    console.warn('log entry not kept', error);
  }
}
