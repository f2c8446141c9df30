// Session sharing between the app and the window that embeds it (SPEC §6): a frame asks its
// parent for a session by postMessage and waits at most 5 s; any window answers requests with
// its own session. Only origins on the allow-list are answered or believed.

export const IFRAME_SESSION_TIMEOUT_MS = 5000;
const PROTOCOL = 'cep-auth';

export type SharedSession = { access_token: string; refresh_token: string };

type SessionRequest = { protocol: typeof PROTOCOL; type: 'session-request'; requestId: string };
type SessionResponse = {
  protocol: typeof PROTOCOL;
  type: 'session-response';
  requestId: string;
  session: SharedSession | null;
};

export type MessageTarget = { postMessage(message: unknown, targetOrigin: string): void };

type IncomingMessage = { data: unknown; origin: string; source: unknown };

export type MessageListener = (event: IncomingMessage) => void;

export type MessageHost = {
  addEventListener(type: 'message', listener: MessageListener): void;
  removeEventListener(type: 'message', listener: MessageListener): void;
};

type SuspiciousMessage = { origin: string; type: string };

function normalizeOrigin(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

export function isOriginAllowed(origin: string, allowedOrigins: readonly string[]): boolean {
  const normalized = normalizeOrigin(origin);
  return normalized !== null && allowedOrigins.some((allowed) => normalizeOrigin(allowed) === normalized);
}

function isProtocolMessage(data: unknown): data is { protocol: string; type: string } {
  return typeof data === 'object' && data !== null && (data as { protocol?: unknown }).protocol === PROTOCOL;
}

function isSharedSession(value: unknown): value is SharedSession {
  if (typeof value !== 'object' || value === null) return false;
  const session = value as Record<string, unknown>;
  return (
    typeof session.access_token === 'string' &&
    session.access_token.length > 0 &&
    typeof session.refresh_token === 'string' &&
    session.refresh_token.length > 0
  );
}

export type RequestParentSessionOptions = {
  host: MessageHost;
  parent: MessageTarget;
  allowedOrigins: readonly string[];
  timeoutMs?: number;
  onSuspicious?: (message: SuspiciousMessage) => void;
};

export function requestParentSession(options: RequestParentSessionOptions): Promise<SharedSession | null> {
  const { host, parent, allowedOrigins, timeoutMs = IFRAME_SESSION_TIMEOUT_MS, onSuspicious } = options;
  const requestId = crypto.randomUUID();
  return new Promise((resolve) => {
    const finish = (session: SharedSession | null) => {
      clearTimeout(timer);
      host.removeEventListener('message', listener);
      resolve(session);
    };
    const listener: MessageListener = (event) => {
      if (!isProtocolMessage(event.data)) return;
      if (!isOriginAllowed(event.origin, allowedOrigins)) {
        onSuspicious?.({ origin: event.origin, type: event.data.type });
        return;
      }
      if (event.source !== parent) return;
      const data = event.data as Partial<SessionResponse>;
      if (data.type !== 'session-response' || data.requestId !== requestId) return;
      finish(isSharedSession(data.session) ? { access_token: data.session.access_token, refresh_token: data.session.refresh_token } : null);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    host.addEventListener('message', listener);
    const request: SessionRequest = { protocol: PROTOCOL, type: 'session-request', requestId };
    // The parent's origin is unknown inside the frame; the browser delivers the request only
    // to the allowed origin that matches, so the session never goes to anyone else.
    for (const origin of allowedOrigins) {
      const target = normalizeOrigin(origin);
      if (target) parent.postMessage(request, target);
    }
  });
}

export type ServeSessionRequestsOptions = {
  host: MessageHost;
  allowedOrigins: readonly string[];
  getSession: () => Promise<SharedSession | null>;
  onSuspicious?: (message: SuspiciousMessage) => void;
};

export function serveSessionRequests(options: ServeSessionRequestsOptions): () => void {
  const { host, allowedOrigins, getSession, onSuspicious } = options;
  const listener: MessageListener = (event) => {
    if (!isProtocolMessage(event.data) || event.data.type !== 'session-request') return;
    if (!isOriginAllowed(event.origin, allowedOrigins)) {
      onSuspicious?.({ origin: event.origin, type: event.data.type });
      return;
    }
    const requestId = (event.data as Partial<SessionRequest>).requestId;
    const source = event.source as Partial<MessageTarget> | null;
    if (typeof requestId !== 'string' || typeof source?.postMessage !== 'function') return;
    void getSession().then((session) => {
      const response: SessionResponse = {
        protocol: PROTOCOL,
        type: 'session-response',
        requestId,
        session: session ? { access_token: session.access_token, refresh_token: session.refresh_token } : null,
      };
      source.postMessage?.(response, event.origin);
    });
  };
  host.addEventListener('message', listener);
  return () => host.removeEventListener('message', listener);
}

export function isInIframe(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // A cross-origin top window cannot even be compared: we are framed.
    return true;
  }
}
