import { describe, expect, it } from 'vitest';
import { brandPalette, contrastRatio } from './brand-palette';

describe('brand palette', () => {
  it.each(['#0f766e', '#fde047', '#ffffff', '#777777', '#000000', 'teal', ''])('keeps %j readable', (color) => {
    const p = brandPalette(color);
    expect(contrastRatio(p.text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(p.solid, p.onSolid)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#0f172a', p.soft)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a dark colour as it is', () => expect(brandPalette('#0F766E')).toMatchObject({ solid: '#0f766e', onSolid: '#ffffff', text: '#0f766e' }));
});
