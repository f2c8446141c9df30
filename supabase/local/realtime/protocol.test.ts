import { describe, expect, it } from 'vitest';
import { decodeBinary, decodeText, encode, isMalformed } from './protocol';

describe('Phoenix serializers', () => {
  it('reads 2.0.0 arrays and 1.0.0 objects into the same message', () => {
    const v2 = decodeText('["1","2","realtime:t","phx_join",{"a":1}]', '2.0.0');
    const v1 = decodeText('{"join_ref":"1","ref":"2","topic":"realtime:t","event":"phx_join","payload":{"a":1}}', '1.0.0');
    const expected = { joinRef: '1', ref: '2', topic: 'realtime:t', event: 'phx_join', payload: { a: 1 } };
    expect(v2).toEqual(expected);
    expect(v1).toEqual(expected);
    expect(encode(expected, '2.0.0')).toBe('["1","2","realtime:t","phx_join",{"a":1}]');
    expect(JSON.parse(encode(expected, '1.0.0'))).toEqual({ join_ref: '1', ref: '2', topic: 'realtime:t', event: 'phx_join', payload: { a: 1 } });
  });

  it('reports malformed frames with whatever ref and topic it could read', () => {
    for (const text of ['nope', '[]', '{"a":1}', '[null,"7","t","e",[]]', '[null,"7","","e",{}]', '[null,"7","t",5,{}]']) {
      expect(isMalformed(decodeText(text, '2.0.0')), text).toBe(true);
    }
    expect(decodeText('[null,"7","realtime:t","e","x"]', '2.0.0')).toMatchObject({ ref: '7', topic: 'realtime:t' });
    expect(isMalformed(decodeText('["a"]', '1.0.0'))).toBe(true);
  });

  it('decodes a client binary broadcast (kind 3) as a broadcast message', () => {
    const parts = ['1', '2', 'realtime:room', 'wave'].map((s) => Buffer.from(s));
    const header = Buffer.from([3, ...parts.map((p) => p.length), 0, 1]);
    const frame = Buffer.concat([header, ...parts, Buffer.from('{"x":1}')]);
    expect(decodeBinary(frame)).toEqual({
      joinRef: '1',
      ref: '2',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'wave', payload: { x: 1 } },
    });
    expect(isMalformed(decodeBinary(frame.subarray(0, 10)))).toBe(true);
    expect(isMalformed(decodeBinary(Buffer.from([4, 0, 0, 0, 0, 0, 1])))).toBe(true);
  });
});
