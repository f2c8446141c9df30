// The organization's brand colour on the customer page, kept readable: text in the brand
// colour is darkened until it has at least 4.5:1 contrast on white, and a brand-coloured
// button gets white or near-black text, whichever reads better (WCAG 2.1 AA).
const HEX = /^#[0-9a-f]{6}$/i;
const DEFAULT_BRAND = '#2563eb';
const DARK_TEXT = '#0f172a';

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export type BrandColors = { solid: string; onSolid: string; text: string; soft: string };

export function brandColors(color: string): BrandColors {
  const brand = HEX.test(color) ? color.toLowerCase() : DEFAULT_BRAND;
  const text = darkenForWhite(brand);
  // White on the colour, or dark text on a light one; a mid-tone that suits neither is darkened.
  const [solid, onSolid] =
    contrast(brand, '#ffffff') >= 4.5 ? [brand, '#ffffff'] : contrast(brand, DARK_TEXT) >= 4.5 ? [brand, DARK_TEXT] : [text, '#ffffff'];
  // A very light tint for panels: the colour mixed with 92 % white.
  const soft = toHex(channels(brand).map((c) => c * 0.08 + 255 * 0.92) as [number, number, number]);
  return { solid, onSolid, text, soft };
}

function darkenForWhite(color: string): string {
  let text = color;
  let rgb = channels(color);
  for (let i = 0; i < 30 && contrast(text, '#ffffff') < 4.5; i++) {
    rgb = rgb.map((c) => c * 0.9) as [number, number, number];
    text = toHex(rgb);
  }
  return text;
}
