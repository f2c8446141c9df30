import { describe, expect, it } from 'vitest';
import {
  addPoint, isBlank, isSignatureImage, signatureDataUrl, strokesFromGroups, strokesToPath, tidyName, typedSignatureDataUrl, typedSignatureSvg, type Stroke,
} from './signature';

describe('drawn signatures', () => {
  it('drops points too close to the last one', () => {
    const stroke: Stroke = [];
    expect(addPoint(stroke, { x: 10, y: 10 })).toBe(true);
    expect(addPoint(stroke, { x: 10.5, y: 10.5 })).toBe(false);
    expect(addPoint(stroke, { x: 14, y: 10 })).toBe(true);
    expect(stroke).toEqual([
      { x: 10, y: 10 },
      { x: 14, y: 10 },
    ]);
  });

  it('takes the point groups of a drawing library, thinned out the same way', () => {
    const groups = [{ points: [{ x: 1, y: 1, time: 1, pressure: 0.5 }, { x: 1.2, y: 1.1, time: 2, pressure: 0.5 }, { x: 9, y: 1, time: 3, pressure: 0.5 }] }, { points: [] }];
    expect(strokesFromGroups(groups)).toEqual([[{ x: 1, y: 1 }, { x: 9, y: 1 }], []]);
  });

  it('writes an absolute start and relative integer steps per stroke; a tap is a dot', () => {
    expect(strokesToPath([[{ x: 10.4, y: 20.6 }, { x: 13, y: 19 }, { x: 15, y: 25 }], [{ x: 40, y: 40 }]])).toBe('M10,21l3,-2,2,6M40,40l0,0');
  });

  it('is blank without points, and then stores nothing', () => {
    expect(isBlank([])).toBe(true);
    expect(isBlank([[]])).toBe(true);
    expect(signatureDataUrl([[]], 300, 100)).toBe('');
  });

  it('is a self-contained SVG data URL that an image can show (and that the server recognizes as strokes)', () => {
    const url = signatureDataUrl([[{ x: 1, y: 1 }, { x: 50, y: 20 }]], 300.2, 99.6);
    expect(isSignatureImage(url)).toBe(true);
    const svg = decodeURIComponent(url.slice('data:image/svg+xml,'.length));
    expect(svg).toContain("viewBox='0 0 300 100'");
    expect(svg).toContain("d='M1,1l49,19'");
    expect(url).not.toMatch(/[<>\s#]/);
    // The server's check in accept_estimate_by_link.
    expect(url).toMatch(/d='M-?[0-9]+,-?[0-9]+l/);
  });

  it('keeps a long signature compact', () => {
    const strokes: Stroke[] = Array.from({ length: 20 }, (_, s) => Array.from({ length: 150 }, (_, i) => ({ x: i * 3, y: 50 + Math.sin(i / 5 + s) * 30 })));
    expect(signatureDataUrl(strokes, 600, 200).length).toBeLessThan(40_000);
  });

  it('accepts only its own image kinds', () => {
    expect(isSignatureImage('javascript:alert(1)')).toBe(false);
    expect(isSignatureImage('https://example.com/x.png')).toBe(false);
    expect(isSignatureImage('data:image/png;base64,AAAA')).toBe(true);
  });
});

describe('typed signatures', () => {
  it('renders the tidied name as text in a script face', () => {
    const svg = typedSignatureSvg('  Jane   Q. Doe ');
    expect(svg).toContain('>Jane Q. Doe</text>');
    expect(svg).toContain('cursive');
    expect(tidyName('  Jane   Q. Doe ')).toBe('Jane Q. Doe');
  });

  it('escapes markup in the name, so it stays text', () => {
    const svg = typedSignatureSvg(`<script>alert("x")</script> O'Brien & Co`);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&apos;Brien &amp; Co');
  });

  it('is a data URL the server recognizes as typed, and nothing without a name', () => {
    const url = typedSignatureDataUrl('Zoë Ångström');
    expect(isSignatureImage(url)).toBe(true);
    expect(url).toContain('%3Ctext');
    expect(url).not.toMatch(/[<>\s#"]/);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toContain('>Zoë Ångström</text>');
    expect(typedSignatureDataUrl('   ')).toBe('');
  });

  it('grows with the name, within bounds', () => {
    const width = (name: string) => Number(/viewBox='0 0 (\d+) /.exec(typedSignatureSvg(name))![1]);
    expect(width('Al')).toBe(240);
    expect(width('A much longer name of a person')).toBeGreaterThan(width('Jane Doe'));
    expect(width('x'.repeat(200))).toBe(1200);
  });
});
