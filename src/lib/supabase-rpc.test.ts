import { describe, expect, it } from 'vitest';
import { anonymousRpc } from './supabase-rpc';

const config = { supabaseUrl: 'http://127.0.0.1:4173', supabaseAnonKey: 'anon-key' };

function answering(status: number, body: string) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === '' && (status === 204 || status === 304) ? null : body, { status });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

describe('anonymous RPC', () => {
  it('posts the named arguments with the anon key, as supabase-js does', async () => {
    const { calls, fetchImpl } = answering(200, '{"ok":true}');
    const answer = await anonymousRpc(config, 'open_estimate', { p_token: 'abc' }, fetchImpl);
    expect(answer).toEqual({ data: { ok: true }, error: null, status: 200 });
    expect(calls[0]!.url).toBe('http://127.0.0.1:4173/rest/v1/rpc/open_estimate');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.headers).toMatchObject({ apikey: 'anon-key', Authorization: 'Bearer anon-key' });
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ p_token: 'abc' });
  });

  it('answers null for an empty body', async () => {
    expect(await anonymousRpc(config, 'f', {}, answering(200, '').fetchImpl)).toEqual({ data: null, error: null, status: 200 });
  });

  it('keeps the PostgREST error with its code and status', async () => {
    const body = JSON.stringify({ message: 'Too many requests', code: 'P0001', details: null, hint: 'later' });
    const answer = await anonymousRpc(config, 'f', {}, answering(429, body).fetchImpl);
    expect(answer.status).toBe(429);
    expect(answer.data).toBeNull();
    expect(answer.error).toMatchObject({ message: 'Too many requests', code: 'P0001', hint: 'later' });
  });

  it('turns a body that is not JSON into the message', async () => {
    expect((await anonymousRpc(config, 'f', {}, answering(502, 'Bad gateway').fetchImpl)).error).toEqual({ message: 'Bad gateway' });
  });

  it('reports a lost connection as status 0 with the error named, like postgrest-js', async () => {
    const fetchImpl = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const answer = await anonymousRpc(config, 'f', {}, fetchImpl);
    expect(answer.status).toBe(0);
    expect(answer.error?.message).toBe('TypeError: Failed to fetch');
  });
});
