// How a REST answer travels: sent whole with its Content-Length (as PostgREST does), not
// re-streamed in chunks, and with every API header (CORS, nosniff, no-referrer) on
// successes, errors, HEAD and preflights alike.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateCatalog } from '../../supabase/local/rest';
import { startTestServer, type TestServer } from '../../supabase/local/testing/harness';

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** node:http, so that Transfer-Encoding and Content-Length are seen as sent. */
function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function expectApiHeaders(res: Raw) {
  expect(res.headers['access-control-allow-origin']).toBe('*');
  expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
  expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

describe('REST answers on the wire', () => {
  let server: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    await server.ctx.db.exec(`
      create table rt_wire (id int primary key, label text);
      grant select on rt_wire to anon;
      insert into rt_wire select i, 'row ' || i from generate_series(1, 300) i;`);
    invalidateCatalog(server.ctx.db);
    headers = { apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}` };
  });
  afterAll(() => server?.close());

  it('sends a page whole, with its length, and the API headers', async () => {
    const res = await send(`${server.url}/rest/v1/rt_wire?select=*&order=id`, 'GET', headers);
    expect(res.status).toBe(200);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-range']).toBe('0-299/*');
    expect((JSON.parse(res.body) as unknown[]).length).toBe(300);
    expectApiHeaders(res);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const res = await send(`${server.url}/rest/v1/rt_wire?select=*&order=id&limit=5`, 'HEAD', headers);
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers['content-range']).toBe('0-4/*');
    expectApiHeaders(res);
  });

  it('keeps the API headers and the error shape on errors', async () => {
    const missing = await send(`${server.url}/rest/v1/rt_wirex?select=*`, 'GET', headers);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ code: 'PGRST205' });
    expect(Number(missing.headers['content-length'])).toBe(Buffer.byteLength(missing.body));
    expectApiHeaders(missing);

    const big = JSON.stringify({ label: 'x'.repeat(server.config.MAX_BODY_BYTES + 10) });
    const tooLarge = await send(`${server.url}/rest/v1/rt_wire`, 'POST', { ...headers, 'Content-Type': 'application/json' }, big);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toMatchObject({ code: 'PGRST413' });
    expectApiHeaders(tooLarge);
  });

  it('answers a preflight as before', async () => {
    const res = await send(`${server.url}/rest/v1/rt_wire`, 'OPTIONS', {
      Origin: 'https://app.example',
      'Access-Control-Request-Method': 'PATCH',
      'Access-Control-Request-Headers': 'authorization, apikey, prefer',
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-methods']).toBe('GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS');
    expect(res.headers['access-control-allow-headers']).toContain('prefer');
    expect(res.headers['access-control-max-age']).toBe('86400');
    expectApiHeaders(res);
  });
});
