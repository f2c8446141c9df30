// This device's copy of the organization's data: exported as a file before it is cleared, so
// changes the server has not received yet are never lost without a copy.
import { REPLICATED_COLLECTIONS, type AppDatabase } from '../../db/database';

export async function exportDeviceData(db: AppDatabase, pending: number): Promise<string> {
  const collections: Record<string, unknown[]> = {};
  for (const name of REPLICATED_COLLECTIONS) {
    const docs = await db[name].find().exec();
    collections[name] = docs.map((doc) => doc.toJSON());
  }
  const issues = await db.sync_issues.find({ selector: { status: 'open' } }).exec();
  return JSON.stringify(
    {
      exported_at: new Date().toISOString(),
      database: db.name,
      unsynced_changes: pending,
      note: 'Everything this device held, including changes not yet synced. Keep it until those changes are on the server again.',
      collections,
      sync_issues: issues.map((issue) => issue.toJSON()),
    },
    null,
    2,
  );
}

export function exportFileName(now = new Date()): string {
  return `device-data-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`;
}

/** Removes the device database; the app reopens it empty and downloads everything again. */
export async function clearDeviceData(db: AppDatabase): Promise<void> {
  await db.remove();
}
