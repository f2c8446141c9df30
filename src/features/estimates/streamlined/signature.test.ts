import { describe, expect, it } from 'vitest';
import { addPoint, isBlank, isSignatureImage, signatureDataUrl, strokesToPath, type Stroke } from './signature';

describe('signature strokes', () => {
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

  it('writes an absolute start and relative integer steps per stroke; a tap is a dot', () => {
    expect(strokesToPath([[{ x: 10.4, y: 20.6 }, { x: 13, y: 19 }, { x: 15, y: 25 }], [{ x: 40, y: 40 }]])).toBe('M10,21l3,-2,2,6M40,40l0,0');
  });

  it('is blank without points, and then stores nothing', () => {
    expect(isBlank([])).toBe(true);
    expect(isBlank([[]])).toBe(true);
    expect(signatureDataUrl([[]], 300, 100)).toBe('');
  });

  it('is a self-contained SVG data URL that an image can show', () => {
    const url = signatureDataUrl([[{ x: 1, y: 1 }, { x: 50, y: 20 }]], 300.2, 99.6);
    expect(isSignatureImage(url)).toBe(true);
    const svg = decodeURIComponent(url.slice('data:image/svg+xml,'.length));
    expect(svg).toContain("viewBox='0 0 300 100'");
    expect(svg).toContain("d='M1,1l49,19'");
    expect(url).not.toMatch(/[<>\s#]/);
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
