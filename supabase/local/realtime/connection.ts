// One websocket: Phoenix channel messages in, replies and pushes out. Messages of one
// socket are handled in arrival order (joins read the catalogue), except heartbeats, which
// are answered at once. A malformed frame gets an error reply; the socket stays open.
import WebSocket from 'ws';
import { createQueue, type Db } from '../db';
import type { Keys } from '../keys';
import type { Logger } from '../logger';
import { authFromToken, type Auth, type Channel } from './channel';
import { JoinError, resolveBindings } from './join';
import { decodeBinary, decodeText, encode, isMalformed, push, reply, type Message, type Vsn } from './protocol';

export type Hub = {
  db: Db;
  keys: Keys;
  log: Logger;
  addChannel(channel: Channel): void;
  removeChannel(channel: Channel): void;
  /** Relays a user broadcast to the other channels on the topic (and the sender's if self). */
  broadcast(from: Channel, payload: unknown): void;
};

export type Connection = {
  readonly channels: Map<string, Channel>;
  lastSeen: number;
  close(code?: number, reason?: string): void;
  /** Resolves once the socket is closed, cutting it off after `graceMs`. */
  closed(graceMs: number): Promise<void>;
};

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const subtopic = (topic: string) => topic.replace(/^realtime:/, '');
const MAX_TIMER_MS = 2 ** 31 - 1;

export function openConnection(ws: WebSocket, vsn: Vsn, apikeyAuth: Auth, hub: Hub): Connection {
  const channels = new Map<string, Channel>();
  const expiryTimers = new Map<Channel, NodeJS.Timeout>();
  const enqueue = createQueue();

  const send = (message: Message) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(encode(message, vsn));
  };

  function dropChannel(channel: Channel) {
    if (channels.get(channel.topic) === channel) channels.delete(channel.topic);
    clearTimeout(expiryTimers.get(channel));
    expiryTimers.delete(channel);
    hub.removeChannel(channel);
  }

  function closeChannel(channel: Channel, systemError?: string) {
    if (systemError) {
      send(push(channel.topic, 'system', { extension: 'system', status: 'error', message: systemError, channel: subtopic(channel.topic) }, channel.joinRef));
    }
    dropChannel(channel);
    send({ joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} });
  }

  /** Realtime closes a channel when its token expires. */
  function armExpiry(channel: Channel) {
    clearTimeout(expiryTimers.get(channel));
    const exp = channel.auth.claims.exp;
    if (typeof exp !== 'number') return;
    const check = () => {
      const left = exp * 1000 - Date.now();
      if (left <= 0) channel.shutdown('Token has expired');
      else expiryTimers.set(channel, setTimeout(check, Math.min(left, MAX_TIMER_MS)).unref());
    };
    check();
  }

  async function authFor(token: unknown): Promise<Auth> {
    if (token === undefined || token === null) return apikeyAuth;
    if (typeof token !== 'string') throw new JoinError('access_token must be a string');
    return authFromToken(hub.keys, token);
  }

  async function join(message: Message) {
    const payload = message.payload as Record<string, unknown>;
    if (!message.topic.startsWith('realtime:')) return send(reply(message, 'error', { reason: 'unmatched topic' }));
    const config = payload.config ?? {};
    if (!isObject(config)) return send(reply(message, 'error', { reason: 'config must be an object' }));
    let auth: Auth;
    try {
      auth = await authFor(payload.access_token);
    } catch (error) {
      return send(reply(message, 'error', { reason: error instanceof Error ? error.message : 'invalid access_token' }));
    }
    let resolved;
    try {
      resolved = await resolveBindings(hub.db, config.postgres_changes);
    } catch (error) {
      if (!(error instanceof JoinError)) hub.log.error('realtime: join failed', error);
      const reason = error instanceof JoinError ? error.message : 'Unable to subscribe to changes';
      return send(reply(message, 'error', { reason }));
    }
    // The socket may have closed while the join read the catalogue.
    if (ws.readyState !== WebSocket.OPEN) return;
    const previous = channels.get(message.topic);
    if (previous) dropChannel(previous);
    const broadcastConfig = isObject(config.broadcast) ? config.broadcast : {};
    const channel: Channel = {
      topic: message.topic,
      joinRef: message.joinRef,
      bindings: resolved.bindings,
      auth,
      broadcast: { self: broadcastConfig.self === true, ack: broadcastConfig.ack === true },
      send,
      shutdown: (reason) => closeChannel(channel, reason),
    };
    channels.set(channel.topic, channel);
    send(reply(message, 'ok', { postgres_changes: resolved.response }));
    if (resolved.bindings.length > 0) {
      send(
        push(
          channel.topic,
          'system',
          { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: subtopic(channel.topic) },
          channel.joinRef,
        ),
      );
    }
    hub.addChannel(channel);
    armExpiry(channel);
  }

  async function accessToken(channel: Channel, message: Message) {
    const token = (message.payload as Record<string, unknown>).access_token;
    try {
      channel.auth = await authFor(token);
      armExpiry(channel);
    } catch (error) {
      closeChannel(channel, error instanceof Error ? error.message : 'invalid access_token');
    }
  }

  async function handle(message: Message) {
    if (message.event === 'phx_join') return join(message);
    const channel = channels.get(message.topic);
    if (!channel) return send(reply(message, 'error', { reason: 'unmatched topic' }));
    switch (message.event) {
      case 'phx_leave':
        send(reply(message, 'ok', {}));
        return closeChannel(channel);
      case 'access_token':
        return accessToken(channel, message);
      case 'broadcast':
        hub.broadcast(channel, message.payload);
        if (channel.broadcast.ack) send(reply(message, 'ok', {}));
        return;
      case 'presence':
        // Presence is accepted but not tracked.
        return send(reply(message, 'ok', {}));
      default:
        return send(reply(message, 'error', { reason: `unknown event "${message.event}"` }));
    }
  }

  const connection: Connection = {
    channels,
    lastSeen: Date.now(),
    close(code = 1000, reason = '') {
      ws.close(code, reason);
    },
    closed(graceMs) {
      if (ws.readyState === WebSocket.CLOSED) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(() => ws.terminate(), graceMs);
        ws.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };

  ws.on('message', (data, isBinary) => {
    connection.lastSeen = Date.now();
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    const decoded = isBinary ? decodeBinary(buffer) : decodeText(buffer.toString('utf8'), vsn);
    if (isMalformed(decoded)) {
      const to = { joinRef: decoded.joinRef, ref: decoded.ref, topic: decoded.topic ?? 'phoenix' };
      return send(reply(to, 'error', { reason: `malformed message: ${decoded.malformed}` }));
    }
    if (decoded.topic === 'phoenix') {
      if (decoded.event === 'heartbeat') return send(reply(decoded, 'ok', {}));
      return send(reply(decoded, 'error', { reason: `unknown event "${decoded.event}"` }));
    }
    void enqueue(() =>
      handle(decoded).catch((error) => {
        hub.log.error('realtime: message handling failed', error);
        send(reply(decoded, 'error', { reason: 'internal error' }));
      }),
    );
  });

  ws.on('close', () => {
    for (const channel of [...channels.values()]) dropChannel(channel);
  });
  ws.on('error', () => undefined);

  return connection;
}
