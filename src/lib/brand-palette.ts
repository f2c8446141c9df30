// An organization's brand colour made readable (WCAG 2.1 AA): text in the colour is darkened
// until it has 4.5:1 contrast on white; on a filled surface the text is white or near-black,
// whichever reads; a light tint for panels. Invalid colours fall back to the app's blue.
const HEX = /^#[0-9a-f]{6}$/i;
const FALLBACK = '#1d4ed8';
const DARK = '#0f172a';

type Rgb = [number, number, number];
const channels = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export type BrandPalette = { solid: string; onSolid: string; text: string; soft: string };

export function brandPalette(color: string | null | undefined): BrandPalette {
  const brand = color && HEX.test(color) ? color.toLowerCase() : FALLBACK;
  let rgb = channels(brand);
  let text = brand;
  for (let i = 0; i < 30 && contrastRatio(text, '#ffffff') < 4.5; i++) {
    rgb = rgb.map((c) => c * 0.9) as Rgb;
    text = toHex(rgb);
  }
  const [solid, onSolid] = contrastRatio(brand, '#ffffff') >= 4.5 ? [brand, '#ffffff'] : contrastRatio(brand, DARK) >= 4.5 ? [brand, DARK] : [text, '#ffffff'];
  const soft = toHex(channels(brand).map((c) => c * 0.08 + 255 * 0.92) as Rgb);
  return { solid, onSolid, text, soft };
}
