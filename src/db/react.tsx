// React bindings for the device database: the open database and the signed-in member's
// workspace (organization and role) through context, and live queries as hooks.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { RxDocument, RxQuery } from 'rxdb';
import type { Profile } from './collections/profiles';
import type { AppDatabase } from './database';

export type Role = Profile['role'];

export type Workspace = {
  db: AppDatabase;
  userId: string;
  orgId: string;
  role: Role;
  profile: Profile;
};

const WorkspaceContext = createContext<Workspace | null>(null);

export function WorkspaceProvider({ value, children }: { value: Workspace; children: ReactNode }) {
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

/** The signed-in member's workspace; only staff routes (inside the workspace gate) have one. */
export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error('useWorkspace() is only available on staff pages');
  return workspace;
}

const ROLE_RIGHTS = {
  editEstimates: ['owner', 'admin', 'sales'],
  editCustomers: ['owner', 'admin', 'sales'],
  editProducts: ['owner', 'admin'],
  manageTeam: ['owner', 'admin'],
  managePortals: ['owner', 'admin'],
  editSettings: ['owner', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Right = keyof typeof ROLE_RIGHTS;

/** Mirrors the server's policies so the UI hides what RLS would refuse (never the only guard). */
export function can(role: Role, right: Right): boolean {
  return (ROLE_RIGHTS[right] as readonly Role[]).includes(role);
}

type QueryState<T> = { result: T; loading: boolean; error: Error | null };

/**
 * Subscribes to a live RxDB query. `make` builds the query from the database; `deps` decide
 * when to rebuild it (like useEffect's). Plain JSON documents come back, not RxDocuments.
 */
export function useLiveQuery<T, R>(
  make: (db: AppDatabase) => RxQuery<T, R> | null,
  deps: readonly unknown[],
): QueryState<R extends RxDocument<infer D>[] ? D[] : R extends RxDocument<infer D> | null ? D | null : R> {
  type Out = R extends RxDocument<infer D>[] ? D[] : R extends RxDocument<infer D> | null ? D | null : R;
  const { db } = useWorkspace();
  const [state, setState] = useState<QueryState<Out>>({ result: undefined as Out, loading: true, error: null });
  useEffect(() => {
    const query = make(db);
    if (!query) {
      setState({ result: null as Out, loading: false, error: null });
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    const subscription = query.$.subscribe({
      next: (value) => setState({ result: toJson(value) as Out, loading: false, error: null }),
      error: (error: unknown) => setState((s) => ({ ...s, loading: false, error: error instanceof Error ? error : new Error(String(error)) })),
    });
    return () => subscription.unsubscribe();
    // The query is rebuilt when the caller's deps change, as with useEffect.
  }, [db, ...deps]);
  return state;
}

function toJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJson);
  if (value && typeof value === 'object' && 'toJSON' in value && typeof (value as { toJSON: unknown }).toJSON === 'function') {
    return (value as { toJSON(): unknown }).toJSON();
  }
  return value;
}
