// A signature, drawn or typed. Drawing uses the signature_pad library on a canvas (finger, pen
// or mouse, smooth strokes); typing is the accessible alternative, chosen explicitly: the full
// name the signer typed, set in a script face. The parent keeps the method and receives the
// drawn value on every finished stroke ('' while blank); a typed signature is made from the
// name when the form is sent (typedSignatureDataUrl). The strokes stay in the pad across
// re-renders, a disabled state (while sending) and a resize, so nothing drawn is lost.
import { Eraser, Keyboard, PenLine } from 'lucide-react';
import type SignaturePadLibrary from 'signature_pad';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { INK, LINE_WIDTH, signatureDataUrl, strokesFromGroups, typedSignatureDataUrl, type SignatureMethod } from '../lib/signature';
import { Button } from './ui/button';
import { cx } from './ui/cx';

type Props = {
  /** The group's name for assistive technology, e.g. "Signature". */
  label: string;
  method: SignatureMethod;
  onMethodChange: (method: SignatureMethod) => void;
  /** The drawn signature as a data URL, or '' when the pad is blank. */
  onDrawnChange: (value: string) => void;
  /** The signer's typed full name, shown as the typed signature. */
  typedName: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /** Under the pad: the field's error, for instance. */
  message?: ReactNode;
};

/** The signature block of an acceptance form: its visible label, the pad, and the field's error under it. */
export function SignatureField({ error, ...pad }: Omit<Props, 'label' | 'invalid' | 'describedBy' | 'message'> & { error: string | undefined }) {
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-800">Signature</span>
      <SignaturePad
        {...pad}
        label="Signature"
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
        message={
          error && (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )
        }
      />
    </div>
  );
}

function SignaturePad({ label, method, onMethodChange, onDrawnChange, typedName, invalid, describedBy, disabled, message }: Props) {
  const groupName = useId();
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={describedBy}>
      <legend className="sr-only">{label}</legend>
      <div role="radiogroup" aria-label="How to sign" className="inline-flex w-fit rounded-lg bg-slate-100 p-1 print:hidden">
        <MethodOption name={groupName} value="drawn" current={method} onChange={onMethodChange} disabled={disabled} icon={<PenLine aria-hidden="true" className="size-4" />}>
          Draw
        </MethodOption>
        <MethodOption name={groupName} value="typed" current={method} onChange={onMethodChange} disabled={disabled} icon={<Keyboard aria-hidden="true" className="size-4" />}>
          Type instead
        </MethodOption>
      </div>
      {/* The pad stays mounted in typed mode, so switching back finds the drawing as it was. */}
      <DrawingPad hidden={method !== 'drawn'} label={label} onChange={onDrawnChange} invalid={invalid} describedBy={describedBy} disabled={disabled} />
      {method === 'typed' && <TypedPreview name={typedName} invalid={invalid} describedBy={describedBy} />}
      {message && <div className="min-w-0">{message}</div>}
    </fieldset>
  );
}

function MethodOption({
  name,
  value,
  current,
  onChange,
  disabled,
  icon,
  children,
}: {
  name: string;
  value: SignatureMethod;
  current: SignatureMethod;
  onChange: (method: SignatureMethod) => void;
  disabled?: boolean;
  icon: ReactNode;
  children: ReactNode;
}) {
  const checked = current === value;
  return (
    <label
      className={cx(
        'inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-3 text-sm font-medium has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
        checked ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input type="radio" className="sr-only" name={name} value={value} checked={checked} disabled={disabled} onChange={() => onChange(value)} />
      {icon}
      {children}
    </label>
  );
}

function DrawingPad({ hidden, label, onChange, invalid, describedBy, disabled }: { hidden: boolean; label: string; onChange: (value: string) => void; invalid?: boolean; describedBy?: string; disabled?: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadLibrary | null>(null);
  const [blank, setBlank] = useState(true);
  const [library, setLibrary] = useState<'loading' | 'ready' | 'failed'>('loading');
  const off = useRef(disabled);
  off.current = disabled;
  const changed = useRef(onChange);
  changed.current = onChange;

  const emit = useCallback(() => {
    const library = pad.current;
    const el = canvas.current;
    if (!library || !el) return;
    const empty = library.isEmpty();
    setBlank(empty);
    changed.current(empty ? '' : signatureDataUrl(strokesFromGroups(library.toData()), el.clientWidth, el.clientHeight));
  }, []);

  // The bitmap follows the box and the screen's density; the library redraws its strokes.
  const fit = useCallback(() => {
    const el = canvas.current;
    const library = pad.current;
    if (!el || !library || el.clientWidth === 0) return;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(el.clientWidth * ratio);
    const height = Math.round(el.clientHeight * ratio);
    if (el.width === width && el.height === height) return;
    const data = library.toData();
    el.width = width;
    el.height = height;
    el.getContext('2d')?.scale(ratio, ratio);
    library.clear();
    library.fromData(data);
  }, []);

  // The library loads with the pad, not with the page: a customer reads before signing.
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    let closed = false;
    let attached: SignaturePadLibrary | null = null;
    let observer: ResizeObserver | null = null;
    import('signature_pad').then(
      ({ default: Library }) => {
        if (closed) return;
        attached = new Library(el, { penColor: INK, minWidth: LINE_WIDTH * 0.5, maxWidth: LINE_WIDTH * 1.2, minDistance: 2 });
        pad.current = attached;
        attached.addEventListener('endStroke', emit);
        if (off.current) attached.off();
        fit();
        observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => fit());
        observer?.observe(el);
        setLibrary('ready');
      },
      () => !closed && setLibrary('failed'),
    );
    return () => {
      closed = true;
      observer?.disconnect();
      attached?.removeEventListener('endStroke', emit);
      attached?.off();
      pad.current = null;
    };
  }, [emit, fit]);

  useEffect(() => {
    if (disabled) pad.current?.off();
    else pad.current?.on();
  }, [disabled]);

  const clear = () => {
    pad.current?.clear();
    emit();
  };

  return (
    <div className={cx('flex flex-col gap-2', hidden && 'hidden')}>
      <div className={cx('relative overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-inset', invalid ? 'ring-2 ring-red-600' : 'ring-slate-300')}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${label}: draw with a finger, a pen or the mouse, or choose Type instead`}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          data-testid="signature-pad"
          data-blank={blank}
          data-ready={library === 'ready'}
          className={cx('block h-48 w-full touch-none select-none sm:h-56', disabled ? 'cursor-not-allowed' : 'cursor-crosshair')}
        />
        {/* The line people sign on; purely visual. */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-6 bottom-10 border-b border-dashed border-slate-300" />
        {blank && library !== 'failed' && (
          <p aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-3 text-center text-sm text-slate-500">
            Sign here with a finger, a pen or the mouse
          </p>
        )}
        {library === 'failed' && (
          <p role="alert" className="absolute inset-x-4 bottom-3 text-center text-sm text-red-700">
            The drawing pad could not load without a connection. Choose Type instead to sign with your name.
          </p>
        )}
      </div>
      <div className="flex justify-end print:hidden">
        <Button variant="secondary" size="lg" icon={<Eraser aria-hidden="true" className="size-5" />} onClick={clear} disabled={blank || disabled}>
          Clear signature
        </Button>
      </div>
    </div>
  );
}

function TypedPreview({ name, invalid, describedBy }: { name: string; invalid?: boolean; describedBy?: string }) {
  const url = typedSignatureDataUrl(name);
  return (
    <div className={cx('flex min-h-32 flex-col justify-center gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-inset', invalid ? 'ring-2 ring-red-600' : 'ring-slate-300')} aria-describedby={describedBy}>
      {url ? (
        <img src={url} alt={`Typed signature: ${name.trim()}`} data-testid="typed-signature" className="h-20 max-w-full object-contain object-left" />
      ) : (
        <p className="text-base text-slate-600">Type your full name above; it appears here as your signature.</p>
      )}
      <p className="text-sm text-slate-600">Your typed full name is your signature, with the same effect as a drawn one.</p>
    </div>
  );
}
