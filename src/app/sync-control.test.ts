import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { SyncDetail, SyncHandle } from '../../sync/index';
import { appStore } from '../lib/app-store';
import { requestSync } from '../lib/sync-request';
import { syncDetailAtom, syncStatusAtom } from '../lib/sync-status';
import { clearActiveSync, getActiveSync, setActiveSync } from './sync-control';

const detail = (patch: Partial<SyncDetail>): SyncDetail => ({
  state: 'idle', online: true, live: true, leader: true, active: false, pending: {}, pendingTotal: 0, collections: {},
  lastPullAt: null, lastPushAt: null, errors: [], conflicts: 0, failures: 0, storage: { persisted: null, usage: null, quota: null },
  ...patch,
});

function fakeSync(first: SyncDetail) {
  const status$ = new BehaviorSubject(first);
  const calls = { resync: 0 };
  const handle: SyncHandle = { status$, pendingCount: async () => 0, resync: () => void calls.resync++, awaitInSync: async () => undefined, stop: async () => undefined };
  return { handle, status$, calls };
}

describe("the app's sync status", () => {
  it('follows the running engine one way, and forgets it when it stops', () => {
    const first = fakeSync(detail({ state: 'syncing', pending: { estimates: 2 }, pendingTotal: 2, lastPullAt: '2026-11-26T10:00:00Z', lastPushAt: '2026-11-26T10:05:00Z' }));
    setActiveSync(first.handle);
    expect(getActiveSync()).toBe(first.handle);
    expect(appStore.get(syncStatusAtom)).toEqual({ state: 'syncing', pending: 2, lastSyncedAt: '2026-11-26T10:05:00Z' });
    expect(appStore.get(syncDetailAtom)?.pendingTotal).toBe(2);

    first.status$.next(detail({ state: 'offline', online: false }));
    expect(appStore.get(syncStatusAtom)).toEqual({ state: 'offline', pending: 0, lastSyncedAt: undefined });

    // A newer session replaces it: the old one's late reports are not heard.
    const second = fakeSync(detail({ state: 'idle', pending: { products: 1 }, pendingTotal: 1 }));
    setActiveSync(second.handle);
    first.status$.next(detail({ state: 'error' }));
    expect(appStore.get(syncStatusAtom).state).toBe('idle');
    expect(appStore.get(syncStatusAtom).pending).toBe(1);

    // A screen's request for a sync now reaches the running engine only.
    requestSync();
    expect([first.calls.resync, second.calls.resync]).toEqual([0, 1]);

    clearActiveSync(first.handle);
    expect(getActiveSync()).toBe(second.handle);
    clearActiveSync(second.handle);
    expect(getActiveSync()).toBeNull();
    expect(appStore.get(syncDetailAtom)).toBeNull();
    second.status$.next(detail({ state: 'error' }));
    expect(appStore.get(syncDetailAtom)).toBeNull();
    requestSync();
    expect(second.calls.resync).toBe(1);
  });
});
