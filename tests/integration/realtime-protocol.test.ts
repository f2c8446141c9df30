// The Phoenix protocol at /realtime/v1/websocket spoken by hand over a raw websocket:
// upgrade checks, serializers 1.0.0 and 2.0.0, heartbeat, join validation, malformed
// frames, leave, token updates and broadcast, on both backends.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { backendsToTest, createTestClient, startTestServer, type TestServer } from '../../supabase/local/testing/harness';

const backends = await backendsToTest();

type Frame = { joinRef: string | null; ref: string | null; topic: string; event: string; payload: Record<string, unknown> };

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(backends)('realtime protocol on %s', (backend) => {
  let server: TestServer;
  const sockets: WebSocket[] = [];
  let nextRef = 0;

  const socketUrl = (query: string) => `${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`;

  async function connect(vsn: '1.0.0' | '2.0.0' = '2.0.0', apikey = server.anonKey) {
    const ws = new WebSocket(socketUrl(`apikey=${apikey}&vsn=${vsn}`));
    sockets.push(ws);
    const frames: Frame[] = [];
    ws.on('message', (data) => {
      const parsed = JSON.parse(data.toString());
      frames.push(
        vsn === '2.0.0'
          ? { joinRef: parsed[0], ref: parsed[1], topic: parsed[2], event: parsed[3], payload: parsed[4] }
          : { joinRef: parsed.join_ref, ref: parsed.ref, topic: parsed.topic, event: parsed.event, payload: parsed.payload },
      );
    });
    await once(ws, 'open');
    const sendRaw = (data: string | Buffer) => ws.send(data);
    /** Sends one message and returns its ref. */
    const send = (topic: string, event: string, payload: unknown, joinRef: string | null = null) => {
      const ref = String(++nextRef);
      const frame =
        vsn === '2.0.0' ? [joinRef, ref, topic, event, payload] : { join_ref: joinRef, ref, topic, event, payload };
      ws.send(JSON.stringify(frame));
      return ref;
    };
    const next = (what: string, predicate: (f: Frame) => boolean) => waitFor(what, () => frames.find(predicate));
    const replyTo = (ref: string) => next(`reply to ${ref}`, (f) => f.event === 'phx_reply' && f.ref === ref);
    const join = async (topic: string, payload: Record<string, unknown>) => {
      const ref = send(topic, 'phx_join', payload, String(nextRef + 1));
      return { ref, reply: await replyTo(ref) };
    };
    return { ws, frames, send, sendRaw, next, replyTo, join };
  }

  async function upgradeStatus(url: string): Promise<number> {
    const ws = new WebSocket(url);
    sockets.push(ws);
    return new Promise((resolve, reject) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => reject(new Error('upgrade was accepted')));
      ws.on('error', () => undefined);
    });
  }

  const insertItem = async (label: string, qty: number) => {
    const { rows } = await server.ctx.db.query<{ row: Record<string, unknown> }>(
      'insert into public.rt_items (label, qty) values ($1, $2) returning to_jsonb(rt_items.*) as row',
      [label, qty],
    );
    return rows[0]!.row;
  };

  const itemsBinding = (extra: Record<string, unknown> = {}) => ({
    config: { postgres_changes: [{ event: '*', schema: 'public', table: 'rt_items', ...extra }] },
  });

  beforeAll(async () => {
    server = await startTestServer(backend);
    await server.ctx.db.exec(`
      create table public.rt_items (
        id bigint generated always as identity primary key,
        label text not null,
        qty integer not null,
        at timestamptz not null default now()
      );
      alter publication supabase_realtime add table public.rt_items;
    `);
  });

  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await server?.close();
  });

  it('accepts only /realtime/v1/websocket with a valid apikey', async () => {
    expect(await upgradeStatus(`${server.url.replace(/^http/, 'ws')}/realtime/v1/other?apikey=${server.anonKey}`)).toBe(404);
    expect(await upgradeStatus(socketUrl('vsn=2.0.0'))).toBe(401);
    expect(await upgradeStatus(socketUrl('apikey=not-a-jwt&vsn=2.0.0'))).toBe(401);
    expect(await upgradeStatus(socketUrl(`apikey=${server.anonKey}&vsn=9.9.9`))).toBe(400);
    const ok = await connect();
    expect(ok.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('answers heartbeats on topic phoenix with both serializers', async () => {
    for (const vsn of ['2.0.0', '1.0.0'] as const) {
      const socket = await connect(vsn);
      const ref = socket.send('phoenix', 'heartbeat', {});
      expect(await socket.replyTo(ref)).toEqual({ joinRef: null, ref, topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });
    }
  });

  it('speaks serializer 1.0.0: join reply, system push and changes as JSON objects', async () => {
    const socket = await connect('1.0.0');
    const { reply } = await socket.join('realtime:v1-items', itemsBinding());
    const response = reply.payload.response as { postgres_changes: { id: number; event: string; schema: string; table: string }[] };
    expect(reply.payload.status).toBe('ok');
    expect(response.postgres_changes).toHaveLength(1);
    const binding = response.postgres_changes[0]!;
    expect(binding).toMatchObject({ event: '*', schema: 'public', table: 'rt_items' });
    expect(Number.isInteger(binding.id)).toBe(true);
    await socket.next('system push', (f) => f.event === 'system' && f.payload.status === 'ok');

    const row = await insertItem('v1', 3);
    const change = await socket.next('change', (f) => f.event === 'postgres_changes');
    expect(change).toMatchObject({ topic: 'realtime:v1-items', ref: null });
    expect(change.payload).toEqual({
      ids: [binding.id],
      data: {
        schema: 'public',
        table: 'rt_items',
        type: 'INSERT',
        commit_timestamp: expect.stringMatching(/Z$/),
        columns: [
          { name: 'id', type: 'int8' },
          { name: 'label', type: 'text' },
          { name: 'qty', type: 'int4' },
          { name: 'at', type: 'timestamptz' },
        ],
        record: row,
        errors: null,
      },
    });
  });

  it('answers malformed frames with an error and keeps the socket usable', async () => {
    const socket = await connect();
    const bad: (string | Buffer)[] = [
      'not json',
      '[1, 2]',
      '{"topic": "realtime:x"}',
      '[null, "m1", "realtime:x", "phx_join", "not an object"]',
      '[null, "m2", 42, "phx_join", {}]',
      '[null, "m3", "realtime:x", "", {}]',
      Buffer.from([1, 2, 3]),
      Buffer.from([3, 0, 0, 200, 1, 0, 1, 0x72]),
    ];
    for (const frame of bad) socket.sendRaw(frame);
    await waitFor('an error per malformed frame', () =>
      socket.frames.filter((f) => f.event === 'phx_reply' && f.payload.status === 'error').length >= bad.length ? true : undefined,
    );
    const errors = socket.frames.filter((f) => f.event === 'phx_reply');
    expect(errors.every((f) => typeof (f.payload.response as { reason: string }).reason === 'string')).toBe(true);
    expect(errors.find((f) => f.ref === 'm1')?.topic).toBe('realtime:x');

    const ref = socket.send('phoenix', 'heartbeat', {});
    expect((await socket.replyTo(ref)).payload.status).toBe('ok');
    const { reply } = await socket.join('realtime:after-garbage', itemsBinding());
    expect(reply.payload.status).toBe('ok');
  });

  it('rejects unknown events, unjoined topics and bad bindings with error replies', async () => {
    const socket = await connect();
    const { reply } = await socket.join('realtime:room', {});
    expect(reply.payload).toEqual({ status: 'ok', response: { postgres_changes: [] } });

    const unknown = await socket.replyTo(socket.send('realtime:room', 'dance', {}));
    expect(unknown.payload.status).toBe('error');
    const unjoined = await socket.replyTo(socket.send('realtime:elsewhere', 'access_token', { access_token: server.anonKey }));
    expect(unjoined.payload).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    expect((await socket.join('not-realtime', {})).reply.payload.status).toBe('error');

    const badBindings = [
      { event: 'UPSERT', schema: 'public', table: 'rt_items' },
      { event: '*', schema: 'public', table: 'no_such_table' },
      { event: '*', schema: 'public', table: 'rt_items', filter: 'qty=eq.abc' },
      { event: '*', schema: 'public', table: 'rt_items', filter: 'nope=eq.1' },
      { event: '*', schema: 'public', table: 'rt_items', filter: 'qty=zz.1' },
      { event: '*', schema: 'public', table: 'rt_items', filter: 'label=in.("a' },
      { event: '*', schema: '*', filter: 'qty=eq.1' },
    ];
    for (const binding of badBindings) {
      const { reply: rejected } = await socket.join(`realtime:bad-${nextRef}`, { config: { postgres_changes: [binding] } });
      expect(rejected.payload.status, JSON.stringify(binding)).toBe('error');
      expect(typeof (rejected.payload.response as { reason: string }).reason).toBe('string');
    }
    const heartbeat = await socket.replyTo(socket.send('phoenix', 'heartbeat', {}));
    expect(heartbeat.payload.status).toBe('ok');
  });

  it('evaluates filters in SQL and echoes bindings in order', async () => {
    const socket = await connect();
    const bindings = [
      { event: 'INSERT', schema: 'public', table: 'rt_items', filter: 'qty=gt.10' },
      { event: 'INSERT', schema: 'public', table: 'rt_items', filter: 'label=in.(alpha,"be,ta")' },
    ];
    const { reply } = await socket.join('realtime:filtered', { config: { postgres_changes: bindings } });
    const echoed = (reply.payload.response as { postgres_changes: Record<string, unknown>[] }).postgres_changes;
    expect(echoed.map(({ id: _id, ...rest }) => rest)).toEqual(bindings);
    const [gtId, inId] = echoed.map((b) => b.id as number);

    await insertItem('gamma', 1);
    await insertItem('be,ta', 2);
    await insertItem('alpha', 11);
    const last = await insertItem('marker', 12);
    await socket.next('marker', (f) => f.event === 'postgres_changes' && (f.payload.data as { record: { id: number } }).record.id === last.id);
    const changes = socket.frames
      .filter((f) => f.event === 'postgres_changes')
      .map((f) => ({ label: (f.payload.data as { record: { label: string } }).record.label, ids: f.payload.ids }));
    expect(changes).toEqual([
      { label: 'be,ta', ids: [inId] },
      { label: 'alpha', ids: [gtId, inId] },
      { label: 'marker', ids: [gtId] },
    ]);
  });

  it('replies to phx_leave, closes the channel and stops its changes', async () => {
    const socket = await connect();
    const { reply } = await socket.join('realtime:leaving', itemsBinding());
    expect(reply.payload.status).toBe('ok');
    await socket.join('realtime:staying', itemsBinding());
    const leaveRef = socket.send('realtime:leaving', 'phx_leave', {});
    expect((await socket.replyTo(leaveRef)).payload).toEqual({ status: 'ok', response: {} });
    await socket.next('phx_close', (f) => f.event === 'phx_close' && f.topic === 'realtime:leaving');
    const row = await insertItem('after leave', 1);
    await socket.next('change on the staying channel', (f) => f.event === 'postgres_changes' && f.topic === 'realtime:staying');
    const onLeft = socket.frames.filter((f) => f.event === 'postgres_changes' && f.topic === 'realtime:leaving');
    expect(onLeft.map((f) => (f.payload.data as { record: { id: number } }).record.id)).not.toContain(row.id);
  });

  it('rejects a join with an invalid access_token and closes a channel whose new token is invalid', async () => {
    const socket = await connect();
    const { reply } = await socket.join('realtime:bad-token', { ...itemsBinding(), access_token: 'garbage' });
    expect(reply.payload.status).toBe('error');

    const joined = await socket.join('realtime:token', itemsBinding());
    expect(joined.reply.payload.status).toBe('ok');
    socket.send('realtime:token', 'access_token', { access_token: 'garbage' });
    const system = await socket.next('system error', (f) => f.event === 'system' && f.payload.status === 'error');
    expect(system.topic).toBe('realtime:token');
    await socket.next('phx_close', (f) => f.event === 'phx_close' && f.topic === 'realtime:token');
    const after = await socket.replyTo(socket.send('realtime:token', 'access_token', { access_token: server.anonKey }));
    expect(after.payload).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
  });

  it('closes a channel when its token expires', async () => {
    const socket = await connect();
    const shortLived = await server.ctx.keys.sign({ sub: 'expiring', role: 'authenticated', aud: 'authenticated' }, 1);
    const { reply } = await socket.join('realtime:expiring', { ...itemsBinding(), access_token: shortLived });
    expect(reply.payload.status).toBe('ok');
    const system = await socket.next('expiry', (f) => f.event === 'system' && f.payload.status === 'error');
    expect(system.payload).toMatchObject({ extension: 'system', message: 'Token has expired', channel: 'expiring' });
    await socket.next('phx_close', (f) => f.event === 'phx_close' && f.topic === 'realtime:expiring');
  });

  it('relays user broadcasts between sockets on the same topic', async () => {
    const sender = createTestClient(server);
    const receiver = createTestClient(server);
    const subscribe = (channel: RealtimeChannel) =>
      new Promise<void>((resolve, reject) =>
        channel.subscribe((status) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' ? reject(new Error(status)) : undefined)),
      );
    const got: unknown[] = [];
    const own: unknown[] = [];
    const inbox = receiver.channel('lobby').on('broadcast', { event: 'wave' }, (message) => got.push(message.payload));
    const outbox = sender.channel('lobby', { config: { broadcast: { ack: true } } }).on('broadcast', { event: 'wave' }, (m) => own.push(m));
    await subscribe(inbox);
    await subscribe(outbox);
    expect(await outbox.send({ type: 'broadcast', event: 'wave', payload: { hello: 'wörld' } })).toBe('ok');
    await waitFor('broadcast', () => got[0]);
    expect(got).toEqual([{ hello: 'wörld' }]);
    expect(own).toEqual([]);
    await sender.removeAllChannels();
    await receiver.removeAllChannels();
  });
});
