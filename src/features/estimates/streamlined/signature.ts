// A drawn signature as strokes of points (CSS pixels in the pad), stored as a small SVG data
// URL: one path of integer coordinates with relative moves, so a normal signature is a few KB
// (the server caps it at 200 KB) and renders anywhere an <img> does, without scripts.
export type Point = { x: number; y: number };
export type Stroke = Point[];

/** Points closer than this to the last kept one add nothing visible; dropping them keeps it small. */
export const MIN_POINT_DISTANCE = 1.5;
/** Well under the server's cap, so an over-detailed scribble is refused here with a message. */
export const MAX_SIGNATURE_CHARS = 100_000;

export const SVG_PREFIX = 'data:image/svg+xml,';

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

export function signatureSvg(strokes: readonly Stroke[], width: number, height: number): string {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  return (
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${w} ${h}' width='${w}' height='${h}'>` +
    `<path d='${strokesToPath(strokes)}' fill='none' stroke='#0f172a' stroke-width='2.5' stroke-linecap='round' stroke-linejoin='round'/></svg>`
  );
}

/** The stored value: '' for a blank pad, otherwise the SVG as a data URL. */
export function signatureDataUrl(strokes: readonly Stroke[], width: number, height: number): string {
  if (isBlank(strokes)) return '';
  // Only what a data URL cannot carry raw is escaped; the path's digits and commas stay as they are.
  return SVG_PREFIX + signatureSvg(strokes, width, height).replace(/[<>"#%\s]/g, (c) => encodeURIComponent(c));
}

/** Only our own kinds of image are ever put into an <img src>; anything else shows as text. */
export function isSignatureImage(value: string): boolean {
  return value.startsWith(SVG_PREFIX) || value.startsWith('data:image/png;base64,');
}
