// Which tab replicates: one per database. RxDB's own election (a Web Lock held for the tab's
// life) never hands over from a tab that hangs or is paused while holding the lock, and an
// elector whose lock is stolen keeps believing it leads. So the election is ours:
// - the leader holds the Web Lock `cep-sync-leader:<database>` and says so on a
//   BroadcastChannel every `heartbeatMs`, with its epoch (the fencing token it claimed in the
//   push state, see sync/push-batcher.ts);
// - a follower that has heard nothing for `staleMs` while the lock is held asks once (a ping a
//   live leader answers at once, even when its timers are throttled in a background tab) and,
//   with no answer within `probeMs`, steals the lock;
// - a leader that learns it was replaced (its lock request rejects when stolen, or it hears a
//   newer epoch, or a push finds a newer epoch) stops replicating and competes again.
// Where the Web Locks API is missing (Node, old browsers), RxDB's election decides, as before.

export type LeaderMessage = { type: 'heartbeat'; from: string; epoch: number | null } | { type: 'ping'; from: string };

export type LeaderChannel = {
  postMessage(message: LeaderMessage): void;
  close(): void;
  onmessage: ((event: { data: LeaderMessage }) => void) | null;
};

export type LockApi = Pick<LockManager, 'request' | 'query'>;

export type LeaderElectionOptions = {
  /** The database name: one leader per database. */
  name: string;
  /** Becomes leader: start replicating; returns the term's epoch. */
  onLead: () => Promise<number>;
  /** No longer leader: stop replicating at once. */
  onResign: () => Promise<void>;
  /** Defaults to navigator.locks; without it `fallback` decides. */
  locks?: LockApi | null;
  openChannel?: (name: string) => LeaderChannel;
  /** Resolves once this tab leads by another election (RxDB's), used without Web Locks. */
  fallback?: () => Promise<unknown>;
  heartbeatMs?: number;
  staleMs?: number;
  probeMs?: number;
};

export type LeaderElection = {
  /** This tab holds the lock (its term may still be starting). */
  isLeader(): boolean;
  /** This tab's leadership ended elsewhere (a push found a newer epoch): step down. */
  resign(): void;
  stop(): Promise<void>;
};

type Term = { release: () => void; led: boolean };

/** What this tab knows of the election; shared by the lock, the heartbeats and the watch. */
type ElectionState = {
  stopped: boolean;
  current: Term | null;
  epoch: number | null;
  queued: AbortController | undefined;
  lastHeard: number;
  probing: boolean;
  /** A steal is on its way: the lock comes to this tab next. */
  stealing: boolean;
};

export function electLeader(options: LeaderElectionOptions): LeaderElection {
  const locks = options.locks === undefined ? (typeof navigator !== 'undefined' ? navigator.locks : undefined) : options.locks;
  if (!locks || typeof locks.request !== 'function') return fallbackElection(options);

  const heartbeatMs = options.heartbeatMs ?? 1000;
  const lockName = `cep-sync-leader:${options.name}`;
  const id = crypto.randomUUID();
  const channel = (options.openChannel ?? ((name) => new BroadcastChannel(name) as unknown as LeaderChannel))(lockName);
  const s: ElectionState = { stopped: false, current: null, epoch: null, queued: undefined, lastHeard: Date.now(), probing: false, stealing: false };
  // Starting and ending terms run in order, never interleaved.
  const steps = createSteps();

  const post = (message: LeaderMessage) => {
    try {
      channel.postMessage(message);
    } catch {
      // Closed while stopping.
    }
  };
  const beat = () => {
    if (s.current && !s.stopped) post({ type: 'heartbeat', from: id, epoch: s.epoch });
  };

  function lose(term: Term) {
    if (s.current !== term) return;
    s.current = null;
    s.epoch = null;
    s.lastHeard = Date.now();
    term.release();
    void steps.run(async () => {
      if (term.led) await options.onResign();
    });
    compete();
  }

  function held(term: Term): Promise<void> {
    s.stealing = false;
    if (s.stopped) return Promise.resolve();
    s.current = term;
    s.epoch = null;
    const released = new Promise<void>((resolve) => (term.release = resolve));
    beat();
    void steps.run(async () => {
      if (s.current !== term) return;
      term.led = true;
      try {
        const claimed = await options.onLead();
        if (s.current !== term) return;
        s.epoch = claimed;
        beat();
      } catch {
        // Could not start (the database is closing): let another tab try, or this one later.
        setTimeout(() => lose(term), heartbeatMs);
      }
    });
    return released;
  }

  function request(lockOptions: LockOptions) {
    const term: Term = { release: () => undefined, led: false };
    locks!
      .request(lockName, lockOptions, () => {
        if (s.queued?.signal === lockOptions.signal) s.queued = undefined;
        return held(term);
      })
      // Released by us, stolen (AbortError), or a queued request given up: the term is over.
      .then(
        () => lose(term),
        () => {
          if (lockOptions.steal) s.stealing = false;
          lose(term);
        },
      );
  }

  function compete() {
    if (s.stopped || s.queued || s.current) return;
    s.queued = new AbortController();
    request({ signal: s.queued.signal });
  }

  function steal() {
    if (s.stopped || s.current) return;
    s.queued?.abort();
    s.queued = undefined;
    s.stealing = true;
    request({ steal: true });
  }

  channel.onmessage = (event) => hear(s, event.data, { id, beat, lose });
  const watching = { locks, lockName, staleMs: options.staleMs ?? 5000, probeMs: options.probeMs ?? 1000, beat, steal, ping: () => post({ type: 'ping', from: id }) };
  const timer = setInterval(() => void watch(s, watching), heartbeatMs);
  compete();

  return {
    isLeader: () => s.current !== null && !s.stopped,
    resign() {
      if (s.current) lose(s.current);
    },
    async stop() {
      if (s.stopped) return steps.done();
      s.stopped = true;
      clearInterval(timer);
      s.queued?.abort();
      s.queued = undefined;
      const term = s.current;
      if (term) {
        s.current = null;
        term.release();
        void steps.run(async () => {
          if (term.led) await options.onResign();
        });
      }
      channel.close();
      await steps.done();
    },
  };
}

/** Runs steps one after another; a failed step does not stop the next. */
function createSteps() {
  let chain: Promise<void> = Promise.resolve();
  return {
    run(step: () => Promise<void>): Promise<void> {
      chain = chain.then(step).catch(() => undefined);
      return chain;
    },
    /** Settles once every step run so far has. */
    done: () => chain,
  };
}

/** Another tab's message: a ping is answered at once; a heartbeat of a newer epoch ends this tab's term. */
function hear(s: ElectionState, message: LeaderMessage, self: { id: string; beat: () => void; lose: (term: Term) => void }) {
  if (s.stopped || !message || typeof message !== 'object' || message.from === self.id) return;
  if (message.type === 'ping') return self.beat();
  if (message.type !== 'heartbeat') return;
  s.lastHeard = Date.now();
  if (!s.current || s.epoch === null || message.epoch === null) return;
  if (message.epoch > s.epoch) self.lose(s.current);
  // A leader that hung and woke up still beats: tell it at once that it was replaced.
  else if (message.epoch < s.epoch) self.beat();
}

type Watching = { locks: LockApi; lockName: string; staleMs: number; probeMs: number; beat: () => void; ping: () => void; steal: () => void };

/**
 * Each heartbeat period: the leader beats; a follower that has heard nothing for `staleMs`
 * while the lock is held pings once and, with no answer within `probeMs`, steals the lock.
 */
async function watch(s: ElectionState, o: Watching) {
  if (s.stopped) return;
  if (s.current) return o.beat();
  if (s.probing || s.stealing || Date.now() - s.lastHeard < o.staleMs) return;
  s.probing = true;
  try {
    const state = await o.locks.query();
    if (!state.held?.some((lock) => lock.name === o.lockName)) {
      // Free: the queued request is granted in turn.
      s.lastHeard = Date.now();
      return;
    }
    const asked = Date.now();
    o.ping();
    await new Promise((resolve) => setTimeout(resolve, o.probeMs));
    if (s.lastHeard < asked) o.steal();
  } catch {
    // query() failed (the page is closing): try again on the next tick.
  } finally {
    s.probing = false;
  }
}

/** RxDB's election, without hand-over from a hung tab (no Web Locks to steal). */
function fallbackElection(options: LeaderElectionOptions): LeaderElection {
  let stopped = false;
  let leading: Promise<void> | null = null;
  void Promise.resolve()
    .then(() => options.fallback?.())
    .then(
      () => {
        if (stopped) return;
        leading = options.onLead().then(
          () => undefined,
          () => undefined,
        );
      },
      // The database closed before an election: nothing to lead.
      () => undefined,
    );
  return {
    isLeader: () => leading !== null && !stopped,
    resign: () => undefined,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (!leading) return;
      await leading;
      await options.onResign();
    },
  };
}
