// Comments and requests written in a portal go through this device's outbox: kept sealed
// until the server has them, each with its idempotency key (the comment's or request's id),
// sent again while the connection is down (src/lib/send-until-answered.ts) and on reconnect,
// so nothing is lost and nothing is filed twice. One send per key at a time, whichever page
// started it; every page showing the portal hears when the outbox changes.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { dropMessage, queuedMessages, queueMessage, type ActiveSession } from '../../lib/customer-sessions';
import { describeError } from '../../lib/errors';
import { postPortalComment, postPortalRequest, type PortalAccess } from '../../lib/portal-api';
import { sendUntilAnswered, tooManyRequestsMessage } from '../../lib/send-until-answered';
import { applyUpdates, accessOf } from './use-portal-data';

const requestFieldsSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  description: z.string(),
  desired_start: z.nullable(z.string()),
  budget_range: z.string(),
});

const outboxMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('comment'), body: z.string() }),
  z.object({ kind: z.literal('request'), fields: requestFieldsSchema }),
]);
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export type OutboxItem = { key: string; createdAt: string; value: OutboxMessage; problem: string | null };

const inFlight = new Set<string>();
const problems = new Map<string, string>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

type Sender = { active: ActiveSession; access: PortalAccess; client: QueryClient; onRefused: () => void };

async function deliver(sender: Sender, key: string, value: OutboxMessage): Promise<void> {
  const { access } = sender;
  const update =
    value.kind === 'comment'
      ? await sendUntilAnswered(() => postPortalComment(access, key, value.body))
      : await sendUntilAnswered(() => postPortalRequest(access, key, value.fields)).then((filed) => filed && { requests: filed.requests });
  if (!update) return sender.onRefused();
  await dropMessage(key);
  await applyUpdates(sender.client, sender.active, update);
}

async function flush(sender: Sender): Promise<void> {
  for (const item of await queuedMessages(sender.active, outboxMessageSchema)) {
    if (inFlight.has(item.key) || problems.has(item.key)) continue;
    inFlight.add(item.key);
    void deliver(sender, item.key, item.value)
      .catch((error: unknown) => problems.set(item.key, tooManyRequestsMessage(error) ?? (error instanceof Error && error.message ? error.message : describeError(error).userMessage)))
      .finally(() => {
        inFlight.delete(item.key);
        changed();
      });
  }
}

/** Queues a message for the portal and starts sending it; resolves once it is kept on the device. */
export async function queuePortalMessage(sender: Sender, value: OutboxMessage): Promise<string> {
  const key = crypto.randomUUID();
  await queueMessage(sender.active, key, value);
  changed();
  void flush(sender);
  return key;
}

export function usePortalOutbox(active: ActiveSession, token: string | null, onRefused: () => void) {
  const client = useQueryClient();
  const [items, setItems] = useState<OutboxItem[]>([]);
  const sender: Sender = { active, access: accessOf(active, token), client, onRefused };

  const reload = useCallback(async () => {
    const queued = await queuedMessages(active, outboxMessageSchema);
    setItems(queued.map((q) => ({ ...q, problem: problems.get(q.key) ?? null })));
  }, [active]);

  useEffect(() => {
    const update = () => void reload();
    listeners.add(update);
    void reload();
    void flush(sender);
    const back = () => void flush(sender);
    window.addEventListener('online', back);
    return () => {
      listeners.delete(update);
      window.removeEventListener('online', back);
    };
    // The sender is rebuilt each render; the session and token decide what it sends.
  }, [active, token]);

  return {
    items,
    queue: (value: OutboxMessage) => queuePortalMessage(sender, value),
    discard: async (key: string) => {
      problems.delete(key);
      await dropMessage(key);
      changed();
    },
  };
}
