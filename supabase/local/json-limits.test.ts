import { describe, expect, it } from 'vitest';
import { JsonTooDeepError, MAX_JSON_DEPTH, jsonDepth, parseJsonWithin } from './json-limits';

const nested = (levels: number, open = '[', close = ']') => open.repeat(levels) + close.repeat(levels);

describe('jsonDepth', () => {
  it.each([
    ['1', 0],
    ['"text"', 0],
    ['[]', 1],
    ['{"a":[1,{"b":[]}]}', 4],
    ['[[],[[]],[]]', 3],
    ['{"a":"[[[[{{{{"}', 1],
    ['{"a":"quote \\" [[[ inside"}', 1],
    ['["\\\\", [[]]]', 3],
  ])('%s is %i deep', (text, depth) => {
    expect(jsonDepth(text)).toBe(depth);
  });

  it('stops counting once past the limit', () => {
    expect(jsonDepth(nested(200_000), 64)).toBe(65);
  });
});

describe('parseJsonWithin', () => {
  it('parses JSON up to the limit', () => {
    expect(parseJsonWithin(nested(MAX_JSON_DEPTH))).toBeInstanceOf(Array);
    expect(parseJsonWithin('{"p_changes":[{"doc":{"id":"x"}}]}')).toEqual({ p_changes: [{ doc: { id: 'x' } }] });
  });

  it('refuses deeper nesting before parsing', () => {
    expect(() => parseJsonWithin(nested(MAX_JSON_DEPTH + 1))).toThrow(JsonTooDeepError);
    expect(() => parseJsonWithin(`{"data":${nested(5000, '{"a":', '}').replace(/}$/, '1}')}}`)).toThrow(JsonTooDeepError);
  });

  it('leaves invalid JSON to JSON.parse', () => {
    expect(() => parseJsonWithin('{"a":')).toThrow(SyntaxError);
  });
});
