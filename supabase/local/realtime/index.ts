// Realtime at /realtime/v1/websocket: Phoenix channels over ws, postgres_changes from the
// capture triggers of sql/realtime.sql (no logical decoding needed), checked against RLS
// per subscriber, and user broadcast between sockets on the same topic.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { LocalContext } from '../context';
import { ApiError } from '../errors';
import { authFromToken, type Auth, type Channel } from './channel';
import { openConnection, type Connection, type Hub } from './connection';
import { deliverChanges } from './deliver';
import { startChangeFeed } from './feed';
import { push, type Vsn } from './protocol';
import { syncTriggers } from './triggers';

export type Realtime = {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  clientCount(): number;
  close(): Promise<void>;
};

const PATH = '/realtime/v1/websocket';
// Phoenix drops sockets that stop sending heartbeats (realtime-js sends one every 25 s).
// Generous, because browsers throttle timers of hidden tabs to about once a minute.
const IDLE_TIMEOUT_MS = 120_000;

function rejectUpgrade(socket: Duplex, status: number, body: object) {
  const text = JSON.stringify(body);
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found' }[status] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
  socket.destroy();
}

export async function createRealtime(ctx: LocalContext): Promise<Realtime> {
  const { db, keys, log } = ctx;
  const wss = new WebSocketServer({ noServer: true, maxPayload: ctx.config.MAX_BODY_BYTES });
  const connections = new Set<Connection>();
  const channels = new Set<Channel>();
  const topics = new Map<string, Set<Channel>>();

  const hub: Hub = {
    db,
    keys,
    log,
    addChannel(channel) {
      channels.add(channel);
      const set = topics.get(channel.topic) ?? new Set();
      set.add(channel);
      topics.set(channel.topic, set);
    },
    removeChannel(channel) {
      channels.delete(channel);
      const set = topics.get(channel.topic);
      set?.delete(channel);
      if (set?.size === 0) topics.delete(channel.topic);
    },
    broadcast(from, payload) {
      const body = payload as Record<string, unknown>;
      if (body.type !== 'broadcast' || typeof body.event !== 'string') return;
      const message = push(from.topic, 'broadcast', { type: 'broadcast', event: body.event, payload: body.payload ?? {} });
      for (const channel of topics.get(from.topic) ?? []) {
        if (channel !== from || from.broadcast.self) channel.send(message);
      }
    },
  };

  await syncTriggers(db);
  const feed = await startChangeFeed(db, log, {
    wanted: () => [...channels].some((ch) => ch.bindings.length > 0),
    onChanges: (changes) => deliverChanges(db, log, changes, [...channels].filter((ch) => ch.bindings.length > 0)),
  });

  const idleCheck = setInterval(() => {
    const cutoff = Date.now() - IDLE_TIMEOUT_MS;
    for (const connection of connections) if (connection.lastSeen < cutoff) connection.close(1000, 'heartbeat timeout');
  }, IDLE_TIMEOUT_MS / 4);
  idleCheck.unref();

  async function authenticate(url: URL): Promise<Auth> {
    const apikey = url.searchParams.get('apikey');
    if (!apikey) throw new ApiError(401, 'PGRST302', 'apikey query parameter is required');
    return authFromToken(keys, apikey);
  }

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', () => undefined);
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
    } catch {
      return rejectUpgrade(socket, 400, { message: 'Bad request' });
    }
    if (url.pathname !== PATH && url.pathname !== `${PATH}/`) return rejectUpgrade(socket, 404, { message: 'Not found' });
    const vsnParam = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsnParam !== '1.0.0' && vsnParam !== '2.0.0') {
      return rejectUpgrade(socket, 400, { message: `unsupported serializer version ${vsnParam}` });
    }
    const vsn: Vsn = vsnParam;
    authenticate(url).then(
      (auth) => {
        wss.handleUpgrade(request, socket, head, (ws) => {
          const connection = openConnection(ws, vsn, auth, hub);
          connections.add(connection);
          ws.on('close', () => connections.delete(connection));
        });
      },
      (error) => {
        const apiError = error instanceof ApiError ? error : new ApiError(401, 'PGRST301', 'invalid apikey');
        rejectUpgrade(socket, 401, apiError.toJSON());
      },
    );
  }

  return {
    handleUpgrade,
    clientCount: () => connections.size,
    async close() {
      clearInterval(idleCheck);
      for (const connection of connections) connection.close(1001, 'server shutting down');
      await Promise.all([...connections].map((connection) => connection.closed(1000)));
      await feed.stop();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
