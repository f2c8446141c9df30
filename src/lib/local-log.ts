import { Dexie, type EntityTable } from 'dexie';

// Kept on this device only (SPEC §3: security events are only logged locally). A separate
// Dexie database so it survives RxDB resets and schema migrations.

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

export class LocalLog {
  private readonly db: LocalLogDatabase;

  constructor(name: string = LOCAL_LOG_DB_NAME) {
    this.db = new Dexie(name) as LocalLogDatabase;
    this.db.version(1).stores({
      securityEvents: '++id, event_type, timestamp',
      errorQueue: '++id, timestamp',
      logBuffer: '++id, timestamp',
      loginAttempts: 'fingerprint',
      device: 'key',
    });
  }

  async recordSecurityEvent(event: NewSecurityEvent): Promise<SecurityEvent> {
    const row: SecurityEvent = {
      event_type: event.event_type,
      user_id: event.user_id ?? null,
      metadata: event.metadata ?? {},
      timestamp: event.timestamp ?? new Date().toISOString(),
      session_id: event.session_id ?? null,
    };
    await this.addCapped(this.db.securityEvents, row, SECURITY_EVENT_LIMIT);
    return row;
  }

  async securityEvents(type?: SecurityEventType): Promise<SecurityEvent[]> {
    const rows = await this.db.securityEvents.orderBy('id').toArray();
    return type ? rows.filter((row) => row.event_type === type) : rows;
  }

  async enqueueError(entry: Omit<ErrorEntry, 'id' | 'timestamp'> & { timestamp?: string }): Promise<void> {
    await this.addCapped(
      this.db.errorQueue,
      { ...entry, timestamp: entry.timestamp ?? new Date().toISOString() },
      ERROR_QUEUE_LIMIT,
    );
  }

  errors(): Promise<ErrorEntry[]> {
    return this.db.errorQueue.orderBy('id').toArray();
  }

  async clearErrors(): Promise<void> {
    await this.db.errorQueue.clear();
  }

  async appendLog(entry: Omit<LogEntry, 'id' | 'timestamp'> & { timestamp?: string }): Promise<void> {
    await this.addCapped(
      this.db.logBuffer,
      { ...entry, timestamp: entry.timestamp ?? new Date().toISOString() },
      LOG_BUFFER_LIMIT,
    );
  }

  logs(): Promise<LogEntry[]> {
    return this.db.logBuffer.orderBy('id').toArray();
  }

  async loginFailures(fingerprint: string): Promise<number[]> {
    const row = await this.db.loginAttempts.get(fingerprint);
    return row?.failures ?? [];
  }

  async setLoginFailures(fingerprint: string, failures: number[]): Promise<void> {
    if (failures.length === 0) await this.db.loginAttempts.delete(fingerprint);
    else await this.db.loginAttempts.put({ fingerprint, failures });
  }

  // A random id per device (per browser profile), created once and kept.
  async deviceId(): Promise<string> {
    return this.db.transaction('rw', this.db.device, async () => {
      const existing = await this.db.device.get('device-id');
      if (existing) return existing.value;
      const value = crypto.randomUUID();
      await this.db.device.put({ key: 'device-id', value });
      return value;
    });
  }

  close(): void {
    this.db.close();
  }

  async delete(): Promise<void> {
    await this.db.delete();
  }

  private async addCapped<T extends { id?: number }>(table: EntityTable<T, 'id'>, row: T, limit: number): Promise<void> {
    await this.db.transaction('rw', table, async () => {
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
