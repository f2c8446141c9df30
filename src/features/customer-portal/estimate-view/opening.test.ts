import { beforeEach, expect, it, vi } from 'vitest';

const callRpc = vi.fn(async () => null);
vi.mock('../../../lib/server-api', () => ({ callRpc }));
const { openingQuery, startOpening } = await import('./opening');

const token = (n: number) => `tok_${String(n).padStart(40, 'a')}`;

beforeEach(() => callRpc.mockClear());

it('the page takes the opening the route started: one call, one view', async () => {
  startOpening(token(1));
  await openingQuery(token(1)).queryFn();
  expect(callRpc).toHaveBeenCalledTimes(1);
});

it('a route loader that starts after the page already called does not call again', async () => {
  await openingQuery(token(2)).queryFn();
  startOpening(token(2));
  expect(callRpc).toHaveBeenCalledTimes(1);
});

it('a later fetch of the page calls afresh, and a malformed token is never sent ahead', async () => {
  startOpening(token(3));
  await openingQuery(token(3)).queryFn();
  await openingQuery(token(3)).queryFn();
  expect(callRpc).toHaveBeenCalledTimes(2);
  startOpening('not a token');
  expect(callRpc).toHaveBeenCalledTimes(2);
});
