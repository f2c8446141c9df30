// The signed-in member's device database and sync session, one per user for the life of the
// page. The workspace gate remounts on every route change (the staff layout keys its error
// boundary by path), but the database must never reopen and sync must run once per user: a
// restart in the middle of a push loses RxDB's record of what the server acknowledged.
// Mounted gates hold the session; when the last one lets go and none takes over in the same
// turn (sign-out, leaving the staff routes), sync stops.
import { startSync, type SyncHandle } from '../../sync/index';
import type { Profile } from '../db/collections/profiles';
import { openDatabase, type AppDatabase } from '../db/database';
import { getSupabase, getSupabaseUrl } from '../lib/supabase';
import { clearActiveSync, setActiveSync } from './sync-control';

const openDatabases = new Map<string, Promise<AppDatabase>>();

/** One database per user for the life of the page: route changes never reopen it. */
export function databaseFor(userId: string): Promise<AppDatabase> {
  let db = openDatabases.get(userId);
  if (!db) {
    db = openDatabase({ userId });
    openDatabases.set(userId, db);
    db.catch(() => openDatabases.delete(userId));
  }
  return db;
}

const session: { userId: string | null; orgId: string | null; handle: SyncHandle | null; holders: number; timer?: ReturnType<typeof setTimeout> } = {
  userId: null,
  orgId: null,
  handle: null,
  holders: 0,
};

function stopSession() {
  const { handle } = session;
  Object.assign(session, { userId: null, orgId: null, handle: null, holders: 0 });
  if (handle) {
    clearActiveSync(handle);
    void handle.stop();
  }
}

/** A mounted gate holds the user's session (a different user's session stops first). */
export function holdSession(userId: string): void {
  if (session.userId !== userId) stopSession();
  clearTimeout(session.timer);
  session.userId = userId;
  session.holders++;
}

/** A gate lets go; sync stops once no gate holds the session at the end of this turn. */
export function releaseSession(userId: string): void {
  if (session.userId !== userId) return;
  session.holders = Math.max(0, session.holders - 1);
  if (session.holders > 0) return;
  clearTimeout(session.timer);
  session.timer = setTimeout(() => {
    if (session.userId === userId && session.holders === 0) stopSession();
  }, 0);
}

/** Starts sync for the user's organization, once; a new organization restarts it. */
export function ensureSync(db: AppDatabase, userId: string, orgId: string): void {
  if (session.userId !== userId) return;
  if (session.handle && session.orgId === orgId) return;
  if (session.handle) {
    clearActiveSync(session.handle);
    void session.handle.stop();
  }
  session.orgId = orgId;
  session.handle = startSync({ database: db, supabase: getSupabase(), userId, orgId, serverUrl: getSupabaseUrl() });
  setActiveSync(session.handle);
}

/** The member's active profile: the oldest active membership of this user. */
export function activeProfile(profiles: Profile[], userId: string): Profile | undefined {
  return profiles
    .filter((p) => p.user_id === userId && p.status === 'active')
    .sort((a, b) => a.created_at.localeCompare(b.created_at))[0];
}

/** The member's organization straight from the server, for a device that has never synced. */
export async function fetchOrgId(userId: string): Promise<string | null> {
  const { data, error } = await getSupabase()
    .from('profiles')
    .select('org_id, created_at')
    .eq('user_id', userId)
    .eq('status', 'active')
    .eq('_deleted', false)
    .order('created_at')
    .limit(1);
  if (error) throw new Error(error.message);
  return (data?.[0]?.org_id as string | undefined) ?? null;
}
