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

export function electLeader(options: LeaderElectionOptions): LeaderElection {
  const locks = options.locks === undefined ? (typeof navigator !== 'undefined' ? navigator.locks : undefined) : options.locks;
  if (!locks || typeof locks.request !== 'function') return fallbackElection(options);

  const heartbeatMs = options.heartbeatMs ?? 1000;
  const staleMs = options.staleMs ?? 5000;
  const probeMs = options.probeMs ?? 1000;
  const lockName = `cep-sync-leader:${options.name}`;
  const id = crypto.randomUUID();
  const channel = (options.openChannel ?? ((name) => new BroadcastChannel(name) as unknown as LeaderChannel))(lockName);

  let stopped = false;
  let current: Term | null = null;
  let epoch: number | null = null;
  let queued: AbortController | undefined;
  let lastHeard = Date.now();
  let probing = false;
  // A steal is on its way: the lock comes to this tab next.
  let stealing = false;
  // Starting and ending terms run in order, never interleaved.
  let transitions: Promise<void> = Promise.resolve();
  const run = (step: () => Promise<void>) => {
    transitions = transitions.then(step).catch(() => undefined);
    return transitions;
  };

  const post = (message: LeaderMessage) => {
    try {
      channel.postMessage(message);
    } catch {
      // Closed while stopping.
    }
  };
  const beat = () => {
    if (current && !stopped) post({ type: 'heartbeat', from: id, epoch });
  };

  function lose(term: Term) {
    if (current !== term) return;
    current = null;
    epoch = null;
    lastHeard = Date.now();
    term.release();
    void run(async () => {
      if (term.led) await options.onResign();
    });
    compete();
  }

  function held(term: Term): Promise<void> {
    stealing = false;
    if (stopped) return Promise.resolve();
    current = term;
    epoch = null;
    const released = new Promise<void>((resolve) => (term.release = resolve));
    beat();
    void run(async () => {
      if (current !== term) return;
      term.led = true;
      try {
        const claimed = await options.onLead();
        if (current !== term) return;
        epoch = claimed;
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
        if (queued?.signal === lockOptions.signal) queued = undefined;
        return held(term);
      })
      // Released by us, stolen (AbortError), or a queued request given up: the term is over.
      .then(
        () => lose(term),
        () => {
          if (lockOptions.steal) stealing = false;
          lose(term);
        },
      );
  }

  function compete() {
    if (stopped || queued || current) return;
    queued = new AbortController();
    request({ signal: queued.signal });
  }

  function steal() {
    if (stopped || current) return;
    queued?.abort();
    queued = undefined;
    stealing = true;
    request({ steal: true });
  }

  channel.onmessage = (event) => {
    const message = event.data;
    if (stopped || !message || typeof message !== 'object' || message.from === id) return;
    if (message.type === 'ping') return beat();
    if (message.type !== 'heartbeat') return;
    lastHeard = Date.now();
    if (!current || epoch === null || message.epoch === null) return;
    if (message.epoch > epoch) lose(current);
    // A leader that hung and woke up still beats: tell it at once that it was replaced.
    else if (message.epoch < epoch) beat();
  };

  async function watch() {
    if (stopped) return;
    if (current) return beat();
    if (probing || stealing || Date.now() - lastHeard < staleMs) return;
    probing = true;
    try {
      const state = await locks!.query();
      if (!state.held?.some((lock) => lock.name === lockName)) {
        // Free: the queued request is granted in turn.
        lastHeard = Date.now();
        return;
      }
      const asked = Date.now();
      post({ type: 'ping', from: id });
      await new Promise((resolve) => setTimeout(resolve, probeMs));
      if (lastHeard < asked) steal();
    } catch {
      // query() failed (the page is closing): try again on the next tick.
    } finally {
      probing = false;
    }
  }

  const timer = setInterval(() => void watch(), heartbeatMs);
  compete();

  return {
    isLeader: () => current !== null && !stopped,
    resign() {
      if (current) lose(current);
    },
    async stop() {
      if (stopped) return transitions;
      stopped = true;
      clearInterval(timer);
      queued?.abort();
      queued = undefined;
      const term = current;
      if (term) {
        current = null;
        term.release();
        void run(async () => {
          if (term.led) await options.onResign();
        });
      }
      channel.close();
      await transitions;
    },
  };
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
