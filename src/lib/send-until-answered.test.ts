import { describe, expect, it, vi } from 'vitest';
import { ServerCallError } from './server-api';
import { isConnectionError, sendUntilAnswered, tooManyRequestsMessage } from './send-until-answered';

const lost = () => new ServerCallError('TypeError: Failed to fetch', { status: 0 });
const noWait = () => Promise.resolve();

describe('sendUntilAnswered', () => {
  it('sends again after lost connections, with the same call, until an answer comes', async () => {
    const call = vi.fn().mockRejectedValueOnce(lost()).mockRejectedValueOnce(new ServerCallError('Bad gateway', { status: 502 })).mockResolvedValue('done');
    const retries: number[] = [];
    await expect(sendUntilAnswered(call, { sleep: noWait, onRetry: (n) => retries.push(n) })).resolves.toBe('done');
    expect(call).toHaveBeenCalledTimes(3);
    expect(retries).toEqual([2, 3]);
  });

  it('waits longer each time, up to 10 s', async () => {
    const waits: number[] = [];
    const call = vi.fn();
    for (let i = 0; i < 6; i++) call.mockRejectedValueOnce(lost());
    call.mockResolvedValue('ok');
    await sendUntilAnswered(call, { sleep: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it('throws a refusal at once', async () => {
    const refused = new ServerCallError('Enter your full name', { status: 400, code: '22023', details: 'name_required' });
    const call = vi.fn().mockRejectedValue(refused);
    await expect(sendUntilAnswered(call, { sleep: noWait })).rejects.toBe(refused);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('stops when the page is left', async () => {
    const stop = new AbortController();
    const call = vi.fn().mockImplementation(() => {
      stop.abort();
      return Promise.reject(lost());
    });
    await expect(sendUntilAnswered(call, { sleep: noWait, signal: stop.signal })).rejects.toBeInstanceOf(ServerCallError);
    expect(call).toHaveBeenCalledTimes(1);
  });
});

describe('isConnectionError', () => {
  it('tells a lost connection from a refusal', () => {
    expect(isConnectionError(lost())).toBe(true);
    expect(isConnectionError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isConnectionError(new ServerCallError('x', { status: 409, code: 'PT409' }))).toBe(false);
    expect(isConnectionError(new ServerCallError('x', { status: 429 }))).toBe(false);
  });
});

describe('tooManyRequestsMessage', () => {
  it('reads the limiter’s message from a 429, or from the JSON text of an older server', () => {
    const message = 'Too many requests from this connection. Please try again in an hour, or call us.';
    expect(tooManyRequestsMessage(new ServerCallError(message, { status: 429, code: 'too_many_requests' }))).toBe(message);
    expect(tooManyRequestsMessage(new ServerCallError(JSON.stringify({ code: 'too_many_requests', message }), { status: 400 }))).toBe(message);
    expect(tooManyRequestsMessage(new ServerCallError('Enter a valid e-mail address', { status: 400 }))).toBeUndefined();
    expect(tooManyRequestsMessage(new Error('x'))).toBeUndefined();
  });
});
