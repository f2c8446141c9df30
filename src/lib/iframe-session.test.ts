import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IFRAME_SESSION_TIMEOUT_MS,
  isOriginAllowed,
  requestParentSession,
  serveSessionRequests,
  type MessageHost,
  type MessageListener,
  type MessageTarget,
} from './iframe-session';

// Windows that deliver messages the way a browser does: the event carries the sender's
// origin and a handle to reply on, and a message whose targetOrigin does not match the
// receiver is dropped.
class FakeWindow implements MessageHost {
  private listeners = new Set<MessageListener>();
  private handles = new Map<FakeWindow, MessageTarget>();
  readonly posted: { message: unknown; targetOrigin: string }[] = [];

  constructor(readonly origin: string) {}

  addEventListener(_type: 'message', listener: MessageListener): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: MessageListener): void {
    this.listeners.delete(listener);
  }

  listenerCount(): number {
    return this.listeners.size;
  }

  handleTo(other: FakeWindow): MessageTarget {
    let handle = this.handles.get(other);
    if (!handle) {
      handle = {
        postMessage: (message, targetOrigin) => {
          this.posted.push({ message, targetOrigin });
          if (targetOrigin !== '*' && targetOrigin !== other.origin) return;
          const data = structuredClone(message);
          const source = other.handleTo(this);
          queueMicrotask(() => other.listeners.forEach((listener) => listener({ data, origin: this.origin, source })));
        },
      };
      this.handles.set(other, handle);
    }
    return handle;
  }
}

const session = { access_token: 'access.jwt', refresh_token: 'refresh-1' };

describe('iframe session protocol', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a frame receives the session of an allowed parent', async () => {
    const parent = new FakeWindow('https://host.example.com');
    const frame = new FakeWindow('https://app.example.com');
    serveSessionRequests({ host: parent, allowedOrigins: ['https://app.example.com'], getSession: async () => session });

    const result = requestParentSession({
      host: frame,
      parent: frame.handleTo(parent),
      allowedOrigins: ['https://host.example.com'],
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(await result).toEqual(session);
    expect(frame.listenerCount()).toBe(0);
  });

  it('sends the request only to allowed origins, so another parent never sees it', async () => {
    const parent = new FakeWindow('https://evil.example.net');
    const frame = new FakeWindow('https://app.example.com');
    const getSession = vi.fn(async () => session);
    serveSessionRequests({ host: parent, allowedOrigins: ['https://app.example.com'], getSession });

    const result = requestParentSession({
      host: frame,
      parent: frame.handleTo(parent),
      allowedOrigins: ['https://host.example.com'],
    });
    await vi.advanceTimersByTimeAsync(IFRAME_SESSION_TIMEOUT_MS);
    expect(await result).toBeNull();
    expect(getSession).not.toHaveBeenCalled();
    expect(frame.posted.map((p) => p.targetOrigin)).toEqual(['https://host.example.com']);
  });

  it('gives up after 5 seconds without an answer', async () => {
    const parent = new FakeWindow('https://host.example.com');
    const frame = new FakeWindow('https://app.example.com');
    let settled = false;
    const result = requestParentSession({ host: frame, parent: frame.handleTo(parent), allowedOrigins: [parent.origin] }).then((value) => {
      settled = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(IFRAME_SESSION_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeNull();
    expect(frame.listenerCount()).toBe(0);
  });

  it('refuses to answer a request from an origin not on the allow-list and reports it', async () => {
    const app = new FakeWindow('https://app.example.com');
    const stranger = new FakeWindow('https://evil.example.net');
    const onSuspicious = vi.fn();
    const getSession = vi.fn(async () => session);
    serveSessionRequests({ host: app, allowedOrigins: ['https://host.example.com'], getSession, onSuspicious });

    const answer = requestParentSession({ host: stranger, parent: stranger.handleTo(app), allowedOrigins: ['*'] });
    stranger.handleTo(app).postMessage({ protocol: 'cep-auth', type: 'session-request', requestId: 'x' }, app.origin);
    await vi.advanceTimersByTimeAsync(IFRAME_SESSION_TIMEOUT_MS);
    expect(await answer).toBeNull();
    expect(getSession).not.toHaveBeenCalled();
    expect(onSuspicious).toHaveBeenCalledWith({ origin: 'https://evil.example.net', type: 'session-request' });
  });

  it('ignores a response from a disallowed origin and reports it, then accepts the real one', async () => {
    const parent = new FakeWindow('https://host.example.com');
    const stranger = new FakeWindow('https://evil.example.net');
    const frame = new FakeWindow('https://app.example.com');
    const onSuspicious = vi.fn();
    serveSessionRequests({ host: parent, allowedOrigins: [frame.origin], getSession: async () => session });

    const result = requestParentSession({ host: frame, parent: frame.handleTo(parent), allowedOrigins: [parent.origin], onSuspicious });
    const requestId = (frame.posted[0]!.message as { requestId: string }).requestId;
    stranger.handleTo(frame).postMessage(
      { protocol: 'cep-auth', type: 'session-response', requestId, session: { access_token: 'forged', refresh_token: 'forged' } },
      frame.origin,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(await result).toEqual(session);
    expect(onSuspicious).toHaveBeenCalledWith({ origin: 'https://evil.example.net', type: 'session-response' });
  });

  it('answers null when the parent has no session, and ignores malformed sessions', async () => {
    const parent = new FakeWindow('https://host.example.com');
    const frame = new FakeWindow('https://app.example.com');
    const stop = serveSessionRequests({ host: parent, allowedOrigins: [frame.origin], getSession: async () => null });
    const none = requestParentSession({ host: frame, parent: frame.handleTo(parent), allowedOrigins: [parent.origin] });
    await vi.advanceTimersByTimeAsync(0);
    expect(await none).toBeNull();
    stop();
    expect(parent.listenerCount()).toBe(0);

    serveSessionRequests({
      host: parent,
      allowedOrigins: [frame.origin],
      getSession: async () => ({ access_token: '', refresh_token: 'r' }),
    });
    const malformed = requestParentSession({ host: frame, parent: frame.handleTo(parent), allowedOrigins: [parent.origin] });
    await vi.advanceTimersByTimeAsync(0);
    expect(await malformed).toBeNull();
  });

  it('compares origins exactly, after normalising', () => {
    expect(isOriginAllowed('https://host.example.com', ['https://host.example.com/'])).toBe(true);
    expect(isOriginAllowed('https://host.example.com', ['https://host.example.com:443'])).toBe(true);
    expect(isOriginAllowed('http://host.example.com', ['https://host.example.com'])).toBe(false);
    expect(isOriginAllowed('https://host.example.com.evil.net', ['https://host.example.com'])).toBe(false);
    expect(isOriginAllowed('null', ['null'])).toBe(false);
  });
});
