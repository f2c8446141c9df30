// What makes replication live: a realtime postgres_changes subscription per table (RLS decides
// what each client hears). The row a notice carries is handed to the replication, which
// applies it without a pull when that is safe and pulls otherwise (sync/live-rows.ts); the
// checkpoint moves only with pulls, so a pull after it can never skip a row.
// Everything that can mean "we may have missed something" (subscribed again, the browser's
// online event, the tab becoming visible) triggers a pull of every table.
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import type { ReplicatedName } from '../src/db/database';
import type { PullTriggers } from './pull-triggers';
import { logSync, type Status } from './status';

type LiveOptions = {
  supabase: SupabaseClient;
  tables: readonly ReplicatedName[];
  onChange: (table: ReplicatedName, payload: RealtimePostgresChangesPayload<Record<string, unknown>>) => void;
  onResync: (why: 'subscribed' | 'online' | 'visible') => void;
  onConnection: (connected: boolean) => void;
};

function startLive(options: LiveOptions): () => Promise<void> {
  const { supabase, tables } = options;
  let channel: RealtimeChannel = supabase.channel(`sync:${crypto.randomUUID()}`);
  for (const table of tables) {
    channel = channel.on('postgres_changes', { event: '*', schema: 'public', table }, (payload: RealtimePostgresChangesPayload<Record<string, unknown>>) => options.onChange(table, payload));
  }
  channel.subscribe((status) => {
    if (status === 'SUBSCRIBED') {
      options.onConnection(true);
      options.onResync('subscribed');
    } else {
      options.onConnection(false);
    }
  });

  const onOnline = () => options.onResync('online');
  const onVisible = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'visible') options.onResync('visible');
  };
  const hasWindow = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
  if (hasWindow) {
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
  }

  return async () => {
    if (hasWindow) {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    }
    await supabase.removeChannel(channel);
  };
}

type LivePullsOptions = {
  supabase: SupabaseClient;
  names: readonly ReplicatedName[];
  status: Status;
  pulls: PullTriggers;
  later: (ms: number, fn: () => void) => void;
  debounceMs: number;
};

/** A notice's row goes to the replication; a notice without one pulls the collection (a burst once); a reconnect pulls all. */
export function startLivePulls(o: LivePullsOptions): () => Promise<void> {
  const debounced = new Set<ReplicatedName>();
  return startLive({
    supabase: o.supabase,
    tables: o.names,
    onChange: (name, payload) => {
      if (payload.eventType !== 'DELETE' && payload.new && typeof payload.new === 'object') {
        o.pulls.row(name, payload.new);
        return;
      }
      if (debounced.has(name)) return;
      debounced.add(name);
      o.later(o.debounceMs, () => {
        debounced.delete(name);
        o.pulls.one(name);
      });
    },
    onResync: () => o.pulls.all(),
    onConnection: (live) => {
      if (live !== o.status.current().live) logSync({ level: live ? 'info' : 'warn', message: live ? 'Realtime connected' : 'Realtime disconnected' });
      o.status.update({ live });
    },
  });
}
