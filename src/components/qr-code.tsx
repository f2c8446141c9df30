import { useEffect, useState } from 'react';
import { qrCodeDataUrl } from '../lib/qr-code';
import { Spinner } from './ui/spinner';

type QrCodeProps = { value: string; label: string; size?: number; className?: string; testId?: string };

/** A scannable QR code of `value` as an image; `label` is its alternative text. */
export function QrCode({ value, label, size = 176, className = '', testId }: QrCodeProps) {
  const [drawn, setDrawn] = useState<{ value: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    setFailed(false);
    qrCodeDataUrl(value, { size: size * 2 }).then(
      (src) => current && setDrawn({ value, src }),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [value, size]);

  const box = `shrink-0 rounded-lg bg-white p-2 ring-1 ring-slate-200 ${className}`;
  if (failed) return <p className="text-sm text-slate-600">The QR code could not be drawn; use the text beside it.</p>;
  if (drawn?.value !== value) {
    return (
      <div className={`grid place-items-center ${box}`} style={{ width: size, height: size }}>
        <Spinner label="Drawing the QR code…" />
      </div>
    );
  }
  return <img src={drawn.src} alt={label} width={size} height={size} className={box} data-testid={testId} />;
}
