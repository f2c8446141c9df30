// Phoenix channel frames as realtime-js speaks them: serializer 2.0.0 sends text frames as
// arrays [join_ref, ref, topic, event, payload] and user broadcasts as binary frames;
// 1.0.0 sends JSON objects {join_ref, ref, topic, event, payload}.
import { JsonTooDeepError, parseJsonWithin } from '../json-limits';

export type Vsn = '1.0.0' | '2.0.0';

export type Message = {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
};

/** Whatever could be read from a frame that is not a valid message, for the error reply. */
export type Malformed = { malformed: string; ref: string | null; topic: string | null; joinRef: string | null };

const KIND_USER_BROADCAST_PUSH = 3;
const JSON_ENCODING = 1;

const refOrNull = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;

function fromParts(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Message | Malformed {
  const base = { ref: refOrNull(ref), joinRef: refOrNull(joinRef), topic: typeof topic === 'string' ? topic : null };
  if (typeof topic !== 'string' || topic === '') return { malformed: 'topic must be a non-empty string', ...base };
  if (typeof event !== 'string' || event === '') return { malformed: 'event must be a non-empty string', ...base };
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    return { malformed: 'payload must be an object', ...base };
  }
  return { joinRef: base.joinRef, ref: base.ref, topic, event, payload };
}

export function decodeText(text: string, vsn: Vsn): Message | Malformed {
  let parsed: unknown;
  try {
    parsed = parseJsonWithin(text);
  } catch (error) {
    const why = error instanceof JsonTooDeepError ? error.message : 'frame is not JSON';
    return { malformed: why, ref: null, topic: null, joinRef: null };
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) {
      return { malformed: 'frame must be [join_ref, ref, topic, event, payload]', ref: null, topic: null, joinRef: null };
    }
    return fromParts(parsed[0], parsed[1], parsed[2], parsed[3], parsed[4]);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { malformed: 'frame must be {topic, event, payload, ref}', ref: null, topic: null, joinRef: null };
  }
  const o = parsed as Record<string, unknown>;
  return fromParts(o.join_ref, o.ref, o.topic, o.event, o.payload);
}

/** A client's binary user broadcast (kind 3) becomes a `broadcast` message like the JSON form. */
export function decodeBinary(data: Buffer): Message | Malformed {
  const bad = (why: string): Malformed => ({ malformed: why, ref: null, topic: null, joinRef: null });
  if (data.length < 7) return bad('binary frame too short');
  if (data[0] !== KIND_USER_BROADCAST_PUSH) return bad('unsupported binary frame kind');
  const lengths = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!];
  const encoding = data[6]!;
  let offset = 7;
  const parts: string[] = [];
  for (const length of lengths) {
    if (offset + length > data.length) return bad('binary frame truncated');
    parts.push(data.subarray(offset, offset + length).toString('utf8'));
    offset += length;
  }
  const [joinRef, ref, topic, userEvent, metadata] = parts as [string, string, string, string, string];
  const body = data.subarray(offset);
  let payload: unknown;
  let meta: unknown;
  try {
    payload = encoding === JSON_ENCODING ? parseJsonWithin(body.toString('utf8')) : Array.from(body);
    meta = metadata ? parseJsonWithin(metadata) : undefined;
  } catch (error) {
    const why = error instanceof JsonTooDeepError ? error.message : 'binary frame payload is not JSON';
    return { malformed: why, ref: ref || null, topic: topic || null, joinRef: joinRef || null };
  }
  return fromParts(joinRef || null, ref || null, topic, 'broadcast', {
    type: 'broadcast',
    event: userEvent,
    payload,
    ...(meta && typeof meta === 'object' ? { meta } : {}),
  });
}

export function isMalformed(m: Message | Malformed): m is Malformed {
  return 'malformed' in m;
}

export function encode(message: Message, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload]);
  return JSON.stringify({
    join_ref: message.joinRef,
    ref: message.ref,
    topic: message.topic,
    event: message.event,
    payload: message.payload,
  });
}

export const reply = (to: Pick<Message, 'joinRef' | 'ref' | 'topic'>, status: 'ok' | 'error', response: unknown): Message => ({
  joinRef: to.joinRef,
  ref: to.ref,
  topic: to.topic,
  event: 'phx_reply',
  payload: { status, response },
});

export const push = (topic: string, event: string, payload: unknown, joinRef: string | null = null): Message => ({
  joinRef,
  ref: null,
  topic,
  event,
  payload,
});
