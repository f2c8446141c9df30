import { describe, expect, it } from 'vitest';
import { toApiError } from './errors';

const raised = (message: string, detail?: string) => Object.assign(new Error(message), { code: 'PGRST', detail });

describe("RAISE SQLSTATE 'PGRST' (PostgREST's full response control)", () => {
  it('takes the status and headers from DETAIL and the body from MESSAGE', () => {
    const error = toApiError(
      raised('{"code":"too_many_requests","message":"Slow down"}', '{"status":429,"headers":{"Retry-After":"42"}}'),
      'anon',
    );
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({ 'Retry-After': '42' });
    expect(error.toJSON()).toEqual({ code: 'too_many_requests', message: 'Slow down', details: null, hint: null });
  });

  it('passes details and hint on when given', () => {
    const error = toApiError(raised('{"code":"x1","message":"m","details":"d","hint":"h"}', '{"status":402,"headers":{}}'));
    expect(error.toJSON()).toEqual({ code: 'x1', message: 'm', details: 'd', hint: 'h' });
    expect(error.status).toBe(402);
  });

  it.each([
    ['a message that is not JSON', raised('not json', '{"status":429,"headers":{}}'), /MESSAGE/],
    ['a message without code', raised('{"message":"m"}', '{"status":429,"headers":{}}'), /MESSAGE/],
    ['no detail', raised('{"code":"c","message":"m"}'), /DETAIL is missing/],
    ['a detail without headers', raised('{"code":"c","message":"m"}', '{"status":429}'), /DETAIL/],
    ['a status out of range', raised('{"code":"c","message":"m"}', '{"status":99,"headers":{}}'), /DETAIL/],
  ])('answers %s with 500 PGRST121, as PostgREST does', (_label, thrown, details) => {
    const error = toApiError(thrown);
    expect(error.status).toBe(500);
    expect(error.code).toBe('PGRST121');
    expect(error.details).toMatch(details);
  });
});
