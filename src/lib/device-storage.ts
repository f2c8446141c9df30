// What the browser says about this site's storage: usage and quota, and whether it is
// persistent (not evicted under storage pressure). Read by the settings and monitoring pages.
import { useCallback, useEffect, useState } from 'react';

export type StorageInfo = { supported: boolean; usage: number | null; quota: number | null; persisted: boolean | null };

async function readStorage(): Promise<StorageInfo> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.estimate) return { supported: false, usage: null, quota: null, persisted: null };
  const [estimate, persisted] = await Promise.all([storage.estimate().catch(() => ({}) as StorageEstimate), storage.persisted?.().catch(() => null) ?? Promise.resolve(null)]);
  return { supported: true, usage: estimate.usage ?? null, quota: estimate.quota ?? null, persisted };
}

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return 'unknown';
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function useDeviceStorage() {
  const [info, setInfo] = useState<StorageInfo | null>(null);
  const refresh = useCallback(() => void readStorage().then(setInfo), []);
  useEffect(refresh, [refresh]);
  /** Asks the browser to keep this site's data; it may grant at once, ask the user, or refuse. */
  const requestPersistence = useCallback(async () => {
    const granted = (await navigator.storage?.persist?.().catch(() => false)) ?? false;
    refresh();
    return granted;
  }, [refresh]);
  return { info, refresh, requestPersistence };
}
