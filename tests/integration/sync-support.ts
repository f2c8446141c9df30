// Simulated devices for the sync engine's integration tests: each has its own IndexedDB
// (fake-indexeddb), its own supabase-js client and a network it can lose. "Offline" cuts the
// device's fetch; a push answer can be dropped after the server committed (the device then
// retries the same batch); a hook can run between the server's commit and the answer.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import WebSocket from 'ws';
import { openDatabase, type AppDatabase, type ReplicatedName } from '../../src/db/database';
import { startSync, type StartSyncOptions, type SyncHandle } from '../../sync/index';

const PASSWORD = 'Sync-Test-Password-1';
export const FAST = { retry: { baseDelayMs: 20, maxDelayMs: 100 }, backgroundRetryMs: 150, pushWindowMs: 10, blockedRetryMs: 100, liveDebounceMs: 10 };

export type Endpoint = { url: string; anonKey: string };
type Net = {
  online: boolean;
  dropPushResponses: number;
  /** Runs after the server committed a push; the answer is then lost (connection reset). */
  beforePushResponse?: () => Promise<void>;
  /** Runs once when a push answer arrives, before the device reads it (the answer is kept). */
  onPushAnswer?: () => Promise<void>;
  /** Runs once as a push is sent, without waiting for it (e.g. to restart the server under it). */
  onPushRequest?: () => void;
  /** When set, the name of every RPC the device calls is added to it. */
  rpcCalls?: string[];
};
export type Device = { db: AppDatabase; client: SupabaseClient; net: Net; sync: SyncHandle; userId: string; orgId: string };
export type User = { email: string; userId: string; orgId: string };

let deviceCount = 0;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function clientFor(endpoint: Endpoint, net: Net): SupabaseClient {
  const guarded: typeof fetch = async (input, init) => {
    if (!net.online) throw new TypeError('fetch failed');
    const rpc = /\/rpc\/([a-z_]+)/.exec(String(input instanceof Request ? input.url : input));
    if (rpc && net.rpcCalls) net.rpcCalls.push(rpc[1]!);
    if (net.onPushRequest && String(input instanceof Request ? input.url : input).includes('/rpc/sync_push')) {
      const hook = net.onPushRequest;
      net.onPushRequest = undefined;
      hook();
    }
    const response = await fetch(input, init);
    if (String(input instanceof Request ? input.url : input).includes('/rpc/sync_push')) {
      if (net.beforePushResponse) {
        const hook = net.beforePushResponse;
        net.beforePushResponse = undefined;
        await response.arrayBuffer();
        await hook();
        throw new TypeError('fetch failed: connection reset');
      }
      if (net.onPushAnswer) {
        const hook = net.onPushAnswer;
        net.onPushAnswer = undefined;
        await hook();
      }
      if (net.dropPushResponses > 0) {
        net.dropPushResponses--;
        await response.arrayBuffer();
        throw new TypeError('fetch failed: response lost');
      }
    }
    return response;
  };
  return createClient(endpoint.url, endpoint.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: { fetch: guarded },
  });
}

/** A new staff member; with `inviteToken` it joins that invite's organization, otherwise it owns a new one. */
export async function signUp(endpoint: Endpoint, email: string, inviteToken?: string): Promise<User> {
  const client = clientFor(endpoint, { online: true, dropPushResponses: 0 });
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: inviteToken ? { data: { invite_token: inviteToken } } : undefined });
  if (error || !data.user) throw error ?? new Error('no user');
  const { data: profiles, error: profileError } = await client.from('profiles').select('org_id').eq('user_id', data.user.id);
  if (profileError || !profiles?.[0]) throw profileError ?? new Error('no organization');
  return { email, userId: data.user.id, orgId: profiles[0].org_id as string };
}

/** A second member of `owner`'s organization, in `role`. */
export async function invite(endpoint: Endpoint, owner: User, email: string, role: 'admin' | 'sales' | 'viewer'): Promise<User> {
  const client = clientFor(endpoint, { online: true, dropPushResponses: 0 });
  const { error: signInError } = await client.auth.signInWithPassword({ email: owner.email, password: PASSWORD });
  if (signInError) throw signInError;
  const { data, error } = await client.rpc('create_invite', { email, role, org_id: owner.orgId });
  if (error) throw error;
  const member = await signUp(endpoint, email, (data as { token: string }).token);
  if (member.orgId !== owner.orgId) throw new Error('the invited member joined another organization');
  return member;
}

export type DeviceOptions = {
  /** Share an IndexedDB with an earlier device (the same tablet, reopened). */
  indexedDB?: IDBFactory;
  nameSuffix?: string;
  sync?: Partial<Omit<StartSyncOptions, 'database' | 'supabase' | 'userId' | 'orgId'>>;
  net?: Net;
};

export async function openDevice(endpoint: Endpoint, user: User, collections: ReplicatedName[], options: DeviceOptions = {}): Promise<Device> {
  const net: Net = options.net ?? { online: true, dropPushResponses: 0 };
  const client = clientFor(endpoint, net);
  const wasOnline = net.online;
  net.online = true;
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
  net.online = wasOnline;
  if (error) throw error;
  const db = await openDatabase({
    userId: user.userId,
    indexedDB: options.indexedDB ?? new IDBFactory(),
    IDBKeyRange,
    multiInstance: false,
    nameSuffix: options.nameSuffix ?? `d${++deviceCount}`,
    collections,
  });
  const sync = startSync({
    database: db,
    supabase: client,
    userId: user.userId,
    orgId: user.orgId,
    serverUrl: endpoint.url,
    timing: FAST,
    ...options.sync,
  });
  return { db, client, net, sync, userId: user.userId, orgId: user.orgId };
}

export async function closeDevice(device: Device) {
  await device.sync.stop();
  await device.client.removeAllChannels();
  await device.db.remove();
}

/** The app closed (a tab, a reload): the database stays in its IndexedDB. */
export async function shutDevice(device: Device) {
  await device.sync.stop();
  await device.client.removeAllChannels();
  await device.db.close();
}

/** Lets every device push and pull until nothing moves, like devices left online for a while. */
export async function settle(devices: Device[], rounds = 3) {
  for (let round = 0; round < rounds; round++) {
    for (const d of devices) d.sync.resync();
    await sleep(30);
    await Promise.all(devices.map((d) => d.sync.awaitInSync()));
  }
}

export async function serverRows(device: Device, table: string, ids: string[]) {
  const { data, error } = await device.client.from(table).select('*').in('id', ids).order('id');
  if (error) throw error;
  return data as Record<string, unknown>[];
}
