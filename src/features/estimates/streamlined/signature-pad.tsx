// Draw a signature with a finger, a pen or a mouse (pointer events on a canvas). The parent gets
// the stored value on every finished stroke: '' while blank, otherwise an SVG data URL.
import { Eraser } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { addPoint, isBlank, signatureDataUrl, type Point, type Stroke } from './signature';

const INK = '#0f172a';
const LINE_WIDTH = 2.5;

export function SignaturePad({ onChange, invalid, describedBy, label, message }: { onChange: (value: string) => void; invalid?: boolean; describedBy?: string; label: string; message?: ReactNode }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Stroke[]>([]);
  const drawing = useRef<number | null>(null);
  const [blank, setBlank] = useState(true);

  const context = () => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) {
      ctx.strokeStyle = INK;
      ctx.fillStyle = INK;
      ctx.lineWidth = LINE_WIDTH;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
    }
    return ctx;
  };

  // Strokes are kept in CSS pixels; the bitmap follows the box and the screen's density.
  const redraw = useCallback(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = Math.round(el.clientWidth * ratio);
    el.height = Math.round(el.clientHeight * ratio);
    const ctx = context();
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    for (const stroke of strokes.current) drawStroke(ctx, stroke);
  }, []);

  useEffect(() => {
    redraw();
    const el = canvas.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => redraw());
    observer.observe(el);
    return () => observer.disconnect();
  }, [redraw]);

  const pointOf = (event: PointerEvent | ReactPointerEvent): Point => {
    const box = canvas.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const emit = () => {
    const el = canvas.current;
    const empty = isBlank(strokes.current);
    setBlank(empty);
    onChange(el ? signatureDataUrl(strokes.current, el.clientWidth, el.clientHeight) : '');
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = event.pointerId;
    const stroke: Stroke = [];
    addPoint(stroke, pointOf(event));
    strokes.current.push(stroke);
    const ctx = context();
    if (ctx) drawStroke(ctx, stroke);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (drawing.current !== event.pointerId) return;
    const stroke = strokes.current[strokes.current.length - 1]!;
    const ctx = context();
    // Coalesced events carry the points a fast finger drew between two frames.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const e of events.length ? events : [event.nativeEvent]) {
      const from = stroke[stroke.length - 1];
      if (addPoint(stroke, pointOf(e)) && ctx && from) {
        const to = stroke[stroke.length - 1]!;
        ctx.beginPath();
        ctx.moveTo(from.x, from.y);
        ctx.lineTo(to.x, to.y);
        ctx.stroke();
      }
    }
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (drawing.current !== event.pointerId) return;
    drawing.current = null;
    emit();
  };

  const clear = () => {
    strokes.current = [];
    redraw();
    emit();
  };

  return (
    <div className="flex flex-col gap-2">
      <div className={cx('relative overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-inset', invalid ? 'ring-2 ring-red-600' : 'ring-slate-300')}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={label}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          data-testid="signature-pad"
          data-blank={blank}
          className="block h-48 w-full cursor-crosshair touch-none select-none sm:h-56"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
        />
        {/* The line people sign on; purely visual. */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-6 bottom-10 border-b border-dashed border-slate-300" />
        {blank && (
          <p aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-3 text-center text-sm text-slate-400">
            Sign here with a finger, a pen or the mouse
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 pt-1">{message}</div>
        <Button variant="secondary" size="lg" icon={<Eraser aria-hidden="true" className="size-5" />} onClick={clear} disabled={blank}>
          Clear signature
        </Button>
      </div>
    </div>
  );
}

function drawStroke(ctx: CanvasRenderingContext2D, stroke: Stroke) {
  if (stroke.length === 0) return;
  if (stroke.length === 1) {
    ctx.beginPath();
    ctx.arc(stroke[0]!.x, stroke[0]!.y, LINE_WIDTH / 2, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  ctx.beginPath();
  ctx.moveTo(stroke[0]!.x, stroke[0]!.y);
  for (const point of stroke.slice(1)) ctx.lineTo(point.x, point.y);
  ctx.stroke();
}
