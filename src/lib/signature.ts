// A signature as the product stores it: a small SVG data URL that renders anywhere an <img>
// does, without scripts. Drawn: strokes of points (CSS pixels in the pad) written as one path
// of integer coordinates with relative moves, so a normal signature is a few KB (the server
// caps it at 200 KB). Typed: the signer's full name set in a script face, the accessible
// alternative to drawing, chosen explicitly and recorded as "typed" with the acceptance.
export type Point = { x: number; y: number };
export type Stroke = Point[];
export type SignatureMethod = 'drawn' | 'typed';

/** Points closer than this to the last kept one add nothing visible; dropping them keeps it small. */
const MIN_POINT_DISTANCE = 1.5;
/** Well under the server's cap, so an over-detailed scribble is refused here with a message. */
export const MAX_SIGNATURE_CHARS = 100_000;

const SVG_PREFIX = 'data:image/svg+xml,';
export const INK = '#0f172a';
export const LINE_WIDTH = 2.5;
/** Script faces most systems have, then the generic one; an <img> cannot load web fonts. */
const SIGNATURE_FONTS = "'Segoe Script', 'Brush Script MT', 'Snell Roundhand', 'URW Chancery L', cursive";

/** Adds a point unless it is too close to the stroke's last one; returns whether it was kept. */
export function addPoint(stroke: Stroke, point: Point): boolean {
  const last = stroke[stroke.length - 1];
  if (last && Math.hypot(point.x - last.x, point.y - last.y) < MIN_POINT_DISTANCE) return false;
  stroke.push({ x: point.x, y: point.y });
  return true;
}

export function isBlank(strokes: readonly Stroke[]): boolean {
  return strokes.every((s) => s.length === 0);
}

/** Strokes from a drawing library's point groups (signature_pad's toData()), thinned out. */
export function strokesFromGroups(groups: readonly { points: readonly Point[] }[]): Stroke[] {
  return groups.map((group) => {
    const stroke: Stroke = [];
    for (const point of group.points) addPoint(stroke, point);
    return stroke;
  });
}

/** "M12,30l3,1,2,-1" per stroke: absolute start, then relative steps; a tap is a dot. */
export function strokesToPath(strokes: readonly Stroke[]): string {
  let path = '';
  for (const stroke of strokes) {
    if (stroke.length === 0) continue;
    let x = Math.round(stroke[0]!.x);
    let y = Math.round(stroke[0]!.y);
    path += `M${x},${y}`;
    const steps: string[] = [];
    for (const point of stroke.slice(1)) {
      const nx = Math.round(point.x);
      const ny = Math.round(point.y);
      if (nx === x && ny === y) continue;
      steps.push(`${nx - x},${ny - y}`);
      x = nx;
      y = ny;
    }
    path += `l${steps.length ? steps.join(',') : '0,0'}`;
  }
  return path;
}

function signatureSvg(strokes: readonly Stroke[], width: number, height: number): string {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  return (
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${w} ${h}' width='${w}' height='${h}'>` +
    `<path d='${strokesToPath(strokes)}' fill='none' stroke='${INK}' stroke-width='${LINE_WIDTH}' stroke-linecap='round' stroke-linejoin='round'/></svg>`
  );
}

/** The stored value of a drawing: '' for a blank pad, otherwise the SVG as a data URL. */
export function signatureDataUrl(strokes: readonly Stroke[], width: number, height: number): string {
  if (isBlank(strokes)) return '';
  // Only what a data URL cannot carry raw is escaped; the path's digits and commas stay as they are.
  return SVG_PREFIX + signatureSvg(strokes, width, height).replace(/[<>"#%\s]/g, (c) => encodeURIComponent(c));
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' };

/** One line: trimmed, inner runs of white space made one space. */
export function tidyName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

const TYPED_HEIGHT = 96;
const TYPED_FONT_SIZE = 44;

export function typedSignatureSvg(name: string): string {
  const text = tidyName(name);
  // Wide enough for the name in most script faces; the image scales down to fit its box.
  const width = Math.min(1200, Math.max(240, Math.round(text.length * TYPED_FONT_SIZE * 0.55 + 48)));
  const escaped = text.replace(/[&<>'"]/g, (c) => XML_ESCAPES[c]!);
  return (
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${width} ${TYPED_HEIGHT}' width='${width}' height='${TYPED_HEIGHT}'>` +
    `<text x='24' y='${Math.round(TYPED_HEIGHT * 0.66)}' font-family="${SIGNATURE_FONTS}" font-size='${TYPED_FONT_SIZE}' fill='${INK}'>${escaped}</text></svg>`
  );
}

/** The stored value of a typed signature: '' without a name, otherwise the SVG as a data URL. */
export function typedSignatureDataUrl(name: string): string {
  if (tidyName(name) === '') return '';
  return SVG_PREFIX + encodeURIComponent(typedSignatureSvg(name));
}

/** Only our own kinds of image are ever put into an <img src>; anything else shows as text. */
export function isSignatureImage(value: string): boolean {
  return value.startsWith(SVG_PREFIX) || value.startsWith('data:image/png;base64,');
}
