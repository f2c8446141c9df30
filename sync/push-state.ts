// The push batcher's record on the device, one local document shared by the database's tabs:
// the device id, the last sequence number, the outbox (the batch on its way) and the answers
// not yet settled. Fencing: each leader claims a new epoch in it, and every write of it is a
// compare-and-swap that checks the epoch (IndexedDB serializes the read and the write of one
// document across tabs), so a tab that hung while leading can neither number new changes nor
// overwrite the new leader's record.
import type { AppDatabase } from '../src/db/database';
import type { Doc } from './merge';
import type { Change, PushResult } from './protocol';

type Acked = { result: PushResult; pushed: Doc };
/** `epoch` numbers the leaders (missing in documents written before there were epochs: 0). */
export type PushState = { device_id: string; last_seq: number; outbox: Change[] | null; acked?: Record<string, Acked>; epoch?: number };

const STATE_ID = 'sync-push';

/** Another tab claimed a newer epoch: this batcher's leader is gone. */
export class StaleLeaderError extends Error {
  constructor(
    readonly epoch: number,
    readonly current: number,
  ) {
    super(`Another tab syncs now (epoch ${current}, this tab had ${epoch})`);
    this.name = 'StaleLeaderError';
  }
}

const epochOf = (state: PushState) => state.epoch ?? 0;

export type PushRecord = ReturnType<typeof createPushState>;

export function createPushState(db: AppDatabase) {
  const normalize = (data: PushState): PushState => ({ ...data, acked: { ...data.acked } });

  async function stateDoc() {
    const existing = await db.getLocal<PushState>(STATE_ID);
    if (existing) return existing;
    try {
      return await db.insertLocal<PushState>(STATE_ID, { device_id: crypto.randomUUID(), last_seq: 0, outbox: null, acked: {}, epoch: 0 });
    } catch (error) {
      // Another tab created it at the same moment.
      if ((error as { status?: number }).status !== 409) throw error;
      const created = await db.getLocal<PushState>(STATE_ID);
      if (!created) throw error;
      return created;
    }
  }

  /** Read-modify-write of the shared document; `change` sees the stored state, retried on a conflict. */
  async function modifyState(change: (current: PushState) => PushState): Promise<PushState> {
    const doc = await stateDoc();
    const written = await doc.incrementalModify((data) => change(normalize(data)));
    return normalize(written.toJSON().data as PushState);
  }

  const fenced = (epoch: number) => (current: PushState) => {
    if (epochOf(current) !== epoch) throw new StaleLeaderError(epoch, epochOf(current));
    return current;
  };

  return {
    /** The stored state, read by a write that proves `epoch` is still the current one. */
    load: (epoch: number): Promise<PushState> => modifyState(fenced(epoch)),
    /**
     * The stored state as this tab last saw it, if `epoch` was current then. Enough to number
     * changes: they are sent only after save() proved the epoch, and a newer leader's claim
     * makes that save fail.
     */
    async read(epoch: number): Promise<PushState> {
      return fenced(epoch)(normalize((await stateDoc()).toJSON().data as PushState));
    },
    /** Writes `state` if `epoch` is still the current one. */
    async save(state: PushState, epoch: number): Promise<void> {
      await modifyState((current) => {
        fenced(epoch)(current);
        return { ...state, epoch };
      });
    },
    /** Bumps the epoch: every later write of the previous leader is refused. */
    async claim(): Promise<number> {
      return epochOf(await modifyState((current) => ({ ...current, epoch: epochOf(current) + 1 })));
    },
    async deviceId(): Promise<string> {
      return (await stateDoc()).toJSON().data.device_id;
    },
  };
}
