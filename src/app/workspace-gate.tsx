// Staff routes run inside the signed-in member's workspace: the device database of that user
// (a different user on this tablet gets a separate one), the sync engine, and the member's
// organization and role. The database opens from IndexedDB with no network; only the very
// first sign-in on a device needs a connection, to learn the organization.
import { useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { EmptyState } from '../components/ui/empty-state';
import { PageSpinner } from '../components/ui/spinner';
import type { Profile } from '../db/collections/profiles';
import type { AppDatabase } from '../db/database';
import { WorkspaceProvider, type Workspace } from '../db/react';
import { AnalyticsWarmUp } from '../features/analytics/warm-up';
import { useAuth } from '../features/auth/use-auth';
import { CustomerActivityToasts } from '../features/estimates/customer-activity-toasts';
import { activeProfile, databaseFor, ensureSync, fetchOrgId, holdSession, releaseSession } from './workspace-session';

type GateState =
  | { kind: 'opening' }
  | { kind: 'needs-connection' }
  | { kind: 'no-membership' }
  | { kind: 'failed'; message: string }
  | { kind: 'access-ended' }
  | { kind: 'ready'; workspace: Workspace };

/** Opens the user's workspace: the local profile if this device has one, else the server's. */
function useWorkspaceState(userId: string | undefined): GateState {
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
    const profilesOf = (docs: { toJSON(): unknown }[]) => activeProfile(docs.map((d) => d.toJSON() as Profile), userId);

    (async () => {
      const db = await databaseFor(userId);
      if (cancelled) return;
      const query = () => db.profiles.find({ selector: { user_id: userId } });
      let opened = false;
      const subscription = query().$.subscribe((docs) => {
        const profile = profilesOf(docs);
        // Disabled or removed while working: the server has ended the sessions; end this one too.
        if (!profile) return opened && setState({ kind: 'access-ended' });
        opened = true;
        begin(db, profile.org_id);
        setState({ kind: 'ready', workspace: { db, userId, orgId: profile.org_id, role: profile.role, profile } });
      });
      unsubscribe = () => subscription.unsubscribe();
      if (profilesOf(await query().exec()) || cancelled) return;
      if (!navigator.onLine) return setState({ kind: 'needs-connection' });
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
  return state;
}

function AccessEnded() {
  const { signOut } = useAuth();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut();
  }, [signOut]);
  return <EmptyState title="Your access has ended">An owner or admin disabled or removed your account in this organization. Signing out…</EmptyState>;
}

export function WorkspaceGate() {
  const { user } = useAuth();
  const state = useWorkspaceState(user?.id);
  switch (state.kind) {
    case 'access-ended':
      return <AccessEnded />;
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
          <CustomerActivityToasts />
          <AnalyticsWarmUp />
          <Outlet />
        </WorkspaceProvider>
      );
  }
}
