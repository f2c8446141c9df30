import { describe, expect, it } from 'vitest';
import { mayChangePending } from './collections';

describe('mayChangePending', () => {
  it('counts after the app’s writes, conflict resolutions and other tabs’ writes, not after a pull’s or local documents', () => {
    expect(mayChangePending({ isLocal: false, context: 'rx-collection-bulk-upsert' })).toBe(true);
    expect(mayChangePending({ isLocal: false, context: 'replication-resolve-conflict' })).toBe(true);
    expect(mayChangePending({ isLocal: false, context: 'replication-downstream-rx_storage_replication_abc' })).toBe(false);
    expect(mayChangePending({ isLocal: true, context: 'rx-local-document' })).toBe(false);
  });
});
