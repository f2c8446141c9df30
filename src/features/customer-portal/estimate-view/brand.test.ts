import { describe, expect, it } from 'vitest';
import { brandColors, contrast } from './brand';

describe('brandColors', () => {
  it('keeps a dark brand colour and puts white text on it', () => {
    expect(brandColors('#0F766E')).toMatchObject({ solid: '#0f766e', onSolid: '#ffffff', text: '#0f766e' });
  });

  it('puts dark text on a light brand colour and darkens it for text on white', () => {
    const colors = brandColors('#fbbf24');
    expect(colors.onSolid).toBe('#0f172a');
    expect(contrast(colors.text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.solid, colors.onSolid)).toBeGreaterThanOrEqual(4.5);
  });

  it('always reaches AA contrast, whatever the colour', () => {
    for (const color of ['#ffffff', '#000000', '#777777', '#ff0000', '#00ff00', '#0000ff', '#2563eb', '#e11d48', '#84cc16']) {
      const c = brandColors(color);
      expect(contrast(c.solid, c.onSolid), color).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.text, '#ffffff'), color).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.text, c.soft), color).toBeGreaterThanOrEqual(4);
    }
  });

  it('falls back to the default for anything that is not a colour', () => {
    expect(brandColors('red; background: url(x)').solid).toBe('#2563eb');
    expect(brandColors('').solid).toBe('#2563eb');
  });
});
