// Pending changes per collection, for the header, the monitoring page and the sign-out warning.
// The tab that replicates counts them (sync/pending.ts reads what RxDB has not pushed); other
// tabs of the database ask it over a BroadcastChannel and hear every count it publishes.
// Counting reads IndexedDB, so bursts of writes are coalesced into one count, never two at once.
import type { ReplicatedName } from '../src/db/database';
import type { Status, SyncDetail } from './status';

type Pending = SyncDetail['pending'];
type Message = { type: 'ask'; id: string } | { type: 'count'; pending: Pending; answer?: string };
/** Per collection: the ids it has not pushed yet, or null when its replication cannot say. */
export type Counters = ReadonlyMap<ReplicatedName, () => Promise<string[] | null>>;

export type PendingCountOptions = {
  databaseName: string;
  status: Status;
  /** The running term's counters; null while this tab does not replicate. */
  counters: () => Counters | null;
  /** This tab won the election (its replications may still be opening). */
  isLeader: () => boolean;
  /** Settles once this tab replicates. */
  leadership: () => Promise<unknown>;
  /** How long a tab waits for the replicating tab's answer. */
  askTimeoutMs?: number;
};

const within = <T>(ms: number, promise: Promise<T>, otherwise: T): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([promise, new Promise<T>((resolve) => (timer = setTimeout(() => resolve(otherwise), ms)))]).finally(() => clearTimeout(timer));
};

export function createPendingCount(options: PendingCountOptions) {
  const { status } = options;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`cep-sync-pending:${options.databaseName}`) : null;
  const asks = new Map<string, (pending: Pending) => void>();
  let stopped = false;

  /** This tab's own count, or null when it does not replicate (yet). */
  const countHere = async (): Promise<Pending | null> => {
    const counters = options.counters();
    if (!counters) return null;
    const entries: [ReplicatedName, number][] = [];
    for (const [name, count] of counters) {
      const ids = await count();
      if (ids === null) return null;
      entries.push([name, ids.length]);
    }
    return Object.fromEntries(entries);
  };

  const askLeader = (): Promise<Pending> =>
    new Promise((resolve, reject) => {
      if (!channel) return reject(new Error('No tab is syncing this database'));
      const id = crypto.randomUUID();
      const timer = setTimeout(() => {
        asks.delete(id);
        reject(new Error('The tab that syncs did not answer'));
      }, options.askTimeoutMs ?? 1500);
      asks.set(id, (pending) => {
        clearTimeout(timer);
        asks.delete(id);
        resolve(pending);
      });
      channel.postMessage({ type: 'ask', id } satisfies Message);
    });

  /** The count now: this tab's own, or the replicating tab's; throws when no tab can say. */
  const count = async (): Promise<Pending> => {
    if (stopped) return status.current().pending;
    const here = await countHere();
    if (here) return here;
    // Leader already, replication still opening its storage: count once it has.
    if (options.isLeader()) {
      await within(5000, options.leadership(), undefined);
      const now = await countHere();
      if (now) return now;
    }
    try {
      return await askLeader();
    } catch (error) {
      // No tab answered: this may be the only tab, still electing itself (a sign-out right
      // after the page opened). Count here once it leads; otherwise the count is unknown.
      const leads = await within(5000, options.leadership().then(() => true), false);
      const now = leads && !stopped ? await countHere() : null;
      if (now) return now;
      throw error;
    }
  };

  if (channel) {
    channel.onmessage = (event: MessageEvent<Message>) => {
      const message = event.data;
      if (stopped || !message || typeof message !== 'object') return;
      if (message.type === 'ask') {
        void countHere().then((pending) => {
          if (pending && !stopped) channel.postMessage({ type: 'count', pending, answer: message.id } satisfies Message);
        }, () => undefined);
      } else if (message.type === 'count') {
        if (message.answer) asks.get(message.answer)?.(message.pending);
        if (!options.counters()) status.update({ pending: message.pending });
      }
    };
  }

  let counting: Promise<void> | undefined;
  let countAgain = false;
  /** Counts soon (once for a burst of calls) and publishes the count to the status and the other tabs. */
  const publish = () => {
    if (stopped) return;
    if (counting) {
      countAgain = true;
      return;
    }
    counting = (async () => {
      do {
        countAgain = false;
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (stopped) return;
        try {
          const here = await countHere();
          if (stopped) return;
          if (here) {
            status.update({ pending: here });
            channel?.postMessage({ type: 'count', pending: here } satisfies Message);
          } else {
            status.update({ pending: await askLeader() });
          }
        } catch {
          // The database is closing, or no tab answers yet; the next change counts again.
        }
      } while (countAgain && !stopped);
    })().finally(() => (counting = undefined));
  };

  return {
    count,
    publish,
    /** Stops answering and publishing; resolves once a count under way has ended. */
    async stop() {
      stopped = true;
      await counting;
      channel?.close();
    },
  };
}
