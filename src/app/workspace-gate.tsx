// Staff routes run inside the signed-in member's workspace: the device database of that user
// (a different user on this tablet gets a separate one), the sync engine, and the member's
// organization and role. The database opens from IndexedDB with no network; only the very
// first sign-in on a device needs a connection, to learn the organization.
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { startSync, type SyncHandle } from '../../sync/index';
import { EmptyState } from '../components/ui/empty-state';
import { PageSpinner } from '../components/ui/spinner';
import type { Profile } from '../db/collections/profiles';
import { openDatabase, type AppDatabase } from '../db/database';
import { WorkspaceProvider, type Workspace } from '../db/react';
import { useAuth } from '../features/auth/use-auth';
import { EstimateLinkProvider } from '../features/estimates/estimate-link';
import { getSupabase, getSupabaseUrl } from '../lib/supabase';
import { clearActiveSync, setActiveSync } from './sync-control';

type GateState =
  | { kind: 'opening' }
  | { kind: 'needs-connection' }
  | { kind: 'no-membership' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; workspace: Workspace };

const openDatabases = new Map<string, Promise<AppDatabase>>();

/** One database per user for the life of the page: route changes never reopen it. */
function databaseFor(userId: string): Promise<AppDatabase> {
  let db = openDatabases.get(userId);
  if (!db) {
    db = openDatabase({ userId });
    openDatabases.set(userId, db);
    db.catch(() => openDatabases.delete(userId));
  }
  return db;
}

// The gate remounts on every route change (the staff layout keys its error boundary by path),
// but sync must run once per signed-in user for the life of the page: a restart in the middle
// of a push loses RxDB's record of what the server acknowledged. Mounted gates hold the
// session; when the last one lets go and none takes over in the same turn (sign-out, leaving
// the staff routes), sync stops.
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

function holdSession(userId: string) {
  if (session.userId !== userId) stopSession();
  clearTimeout(session.timer);
  session.userId = userId;
  session.holders++;
}

function releaseSession(userId: string) {
  if (session.userId !== userId) return;
  session.holders = Math.max(0, session.holders - 1);
  if (session.holders > 0) return;
  clearTimeout(session.timer);
  session.timer = setTimeout(() => {
    if (session.userId === userId && session.holders === 0) stopSession();
  }, 0);
}

function ensureSync(db: AppDatabase, userId: string, orgId: string) {
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

function activeProfile(profiles: Profile[], userId: string): Profile | undefined {
  return profiles
    .filter((p) => p.user_id === userId && p.status === 'active')
    .sort((a, b) => a.created_at.localeCompare(b.created_at))[0];
}

/** The member's organization straight from the server, for a device that has never synced. */
async function fetchOrgId(userId: string): Promise<string | null> {
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

export function WorkspaceGate() {
  const { user } = useAuth();
  const userId = user?.id;
  const [state, setState] = useState<GateState>({ kind: 'opening' });

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    holdSession(userId);
    setState({ kind: 'opening' });

    const begin = (db: AppDatabase, orgId: string) => {
      if (!cancelled) ensureSync(db, userId, orgId);
    };

    (async () => {
      const db = await databaseFor(userId);
      if (cancelled) return;
      const subscription = db.profiles.find({ selector: { user_id: userId } }).$.subscribe((docs) => {
        const profile = activeProfile(docs.map((d) => d.toJSON() as Profile), userId);
        if (profile) {
          begin(db, profile.org_id);
          setState({ kind: 'ready', workspace: { db, userId, orgId: profile.org_id, role: profile.role, profile } });
        }
      });
      unsubscribe = () => subscription.unsubscribe();
      const local = activeProfile((await db.profiles.find({ selector: { user_id: userId } }).exec()).map((d) => d.toJSON() as Profile), userId);
      if (local || cancelled) return;
      if (!navigator.onLine) {
        setState({ kind: 'needs-connection' });
        return;
      }
      const orgId = await fetchOrgId(userId);
      if (cancelled) return;
      if (!orgId) setState({ kind: 'no-membership' });
      else begin(db, orgId); // the first pull brings the profile, and the subscription above opens the workspace
    })().catch((error: unknown) => {
      if (!cancelled) setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    });

    const retryWhenOnline = () => setState((s) => (s.kind === 'needs-connection' ? { kind: 'opening' } : s));
    window.addEventListener('online', retryWhenOnline);
    return () => {
      cancelled = true;
      window.removeEventListener('online', retryWhenOnline);
      unsubscribe?.();
      releaseSession(userId);
    };
  }, [userId]);

  switch (state.kind) {
    case 'opening':
      return <PageSpinner label="Opening your workspace…" />;
    case 'needs-connection':
      return (
        <EmptyState title="Connect once to download your workspace">
          This device has not synced your organization yet. Connect to the internet once; after that everything works offline.
        </EmptyState>
      );
    case 'no-membership':
      return (
        <EmptyState title="You are not a member of an organization">
          Ask an admin of your organization for an invite, or sign up to create a new organization.
        </EmptyState>
      );
    case 'failed':
      return <EmptyState title="Your workspace could not be opened">{state.message}</EmptyState>;
    case 'ready':
      return (
        <WorkspaceProvider value={state.workspace}>
          <EstimateLinkProvider issue={issueEstimateLink}>
            <Outlet />
          </EstimateLinkProvider>
        </WorkspaceProvider>
      );
  }
}

/** A fresh customer link for a sent estimate (online only; the previous link stops working). */
async function issueEstimateLink(estimateId: string): Promise<string> {
  const { data, error } = await getSupabase().rpc('issue_estimate_link', { p_estimate_id: estimateId });
  if (error) throw error;
  if (typeof data !== 'string' || !data) throw new Error('The server did not return a link');
  return data;
}
