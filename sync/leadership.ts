// Leadership terms of this tab: the election (sync/leader.ts) says when this tab leads; each
// time it wins, the term (sync/term.ts) opens under a newly claimed epoch, and it closes when
// the tab resigns or sync stops. Only one term runs at a time; the others ask for the running
// one, or wait for the next.
import { addRxPlugin } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { Subject, firstValueFrom } from 'rxjs';
import type { AppDatabase } from '../src/db/database';
import { electLeader } from './leader';
import type { Status } from './status';
import type { Term } from './term';

type LeadershipOptions = {
  database: AppDatabase;
  status: Status;
  /** Claims the next epoch: from then on the previous leader's batcher can write nothing. */
  claim: () => Promise<number>;
  /** Opens this tab's term under `epoch`. */
  open: (epoch: number) => Term;
  stopped: () => boolean;
  /** A term started or ended: the counts of what is pending come from another tab now. */
  onChange: () => void;
};

export type Leadership = {
  /** The running term; null while this tab does not replicate. */
  running(): Term | null;
  /** The running term, or the next one this tab wins. */
  next(): Promise<Term>;
  /** This tab won the election (its term may still be opening). */
  isLeader(): boolean;
  /** Another tab claimed a newer epoch than this term's `epoch`: step down. */
  resign(epoch: number): void;
  /** Resolves when a term of this tab is in sync; in a tab that does not lead, once it leads. */
  inSync(): Promise<void>;
  stop(): Promise<void>;
};

export function leadTerms(o: LeadershipOptions): Leadership {
  let term: Term | null = null;
  const terms = new Subject<Term>();
  const running = () => (term && !term.over ? term : null);
  const next = () => {
    const now = running();
    return now ? Promise.resolve(now) : firstValueFrom(terms);
  };

  const startTerm = (epoch: number) => {
    const started = o.open(epoch);
    term = started;
    o.status.update({ leader: true });
    terms.next(started);
    void started.started.then(() => {
      if (!started.over) o.onChange();
    });
  };

  const endTerm = async () => {
    const ending = term;
    if (!ending) return;
    term = null;
    const closing = ending.close();
    o.status.update({ leader: false, active: false });
    await closing;
    o.onChange();
  };

  const election = electLeader({
    name: o.database.name,
    fallback: () => {
      // As replicateRxCollection does: a database opened without the plugin still elects.
      addRxPlugin(RxDBLeaderElectionPlugin);
      return o.database.waitForLeadership();
    },
    onLead: async () => {
      // The epoch first: from here on the previous leader's batcher can write nothing.
      const epoch = await o.claim();
      if (!o.stopped()) startTerm(epoch);
      return epoch;
    },
    onResign: endTerm,
  });

  return {
    running,
    next,
    isLeader: () => election.isLeader(),
    resign(epoch) {
      if (term?.epoch === epoch) election.resign();
    },
    async inSync() {
      // In a tab that does not lead this waits until it does, as RxDB's own did.
      while (!o.stopped()) {
        const current = await next();
        await Promise.race([Promise.all(current.replications.map((r) => r.awaitInSync())), current.ended]);
        if (!current.over) return;
      }
    },
    async stop() {
      await election.stop();
      await endTerm();
    },
  };
}
