import { describe, expect, it } from 'vitest';
import { contrastWithWhite, formatRatio, isHexColor } from './color';

describe('contrastWithWhite', () => {
  it.each([
    ['#000000', 21],
    ['#ffffff', 1],
    ['#2563eb', 5.17],
    ['#777777', 4.48],
    ['#767676', 4.54],
  ])('%s gives %f:1', (hex, ratio) => {
    expect(contrastWithWhite(hex)).toBeCloseTo(ratio, 2);
  });

  it('writes the ratio rounded down, so 4.48 never reads as enough', () => {
    expect(formatRatio(contrastWithWhite('#777777'))).toBe('4.4:1');
    expect(formatRatio(21)).toBe('21.0:1');
  });

  it('knows a six-digit hex colour', () => {
    expect(isHexColor('#1D4ed8')).toBe(true);
    expect(isHexColor('#fff')).toBe(false);
    expect(isHexColor('blue')).toBe(false);
  });
});
