// The organization form's two special fields: the logo (uploaded, resized here) and the brand
// colour (checked against white text).
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { contrastWithWhite, formatRatio, isHexColor, MIN_CONTRAST } from './color';
import { resizeLogo } from './logo-image';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}

export function LogoField({ value, onChange, error, disabled }: { value: string; onChange: (logo: string) => void; error?: string; disabled: boolean }) {
  const inputId = useId();
  const errorId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setWorking(true);
    setProblem(null);
    try {
      onChange(await resizeLogo(file));
    } catch (reason) {
      setProblem(reason instanceof Error ? reason.message : 'The image could not be read.');
    } finally {
      setWorking(false);
    }
  };
  const message = problem ?? error;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={message ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">Logo</legend>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-20 w-40 items-center justify-center rounded-lg bg-slate-50 ring-1 ring-slate-200">
          {value ? <img src={value} alt="Current logo" className="max-h-16 max-w-36 object-contain" /> : <span className="text-sm text-slate-500">No logo</span>}
        </div>
        <div className="flex flex-wrap gap-2">
          <label htmlFor={inputId} className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg bg-white px-4 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${disabled ? 'pointer-events-none opacity-50' : ''}`}>
            <ImageUp aria-hidden="true" className="size-4" />
            {working ? 'Resizing…' : value ? 'Replace logo' : 'Upload logo'}
            <input id={inputId} type="file" accept="image/png,image/jpeg,image/webp,image/gif" className="sr-only" disabled={disabled || working} onChange={(event) => void choose(event.target.files?.[0]).finally(() => (event.target.value = ''))} />
          </label>
          {value && (
            <Button variant="ghost" disabled={disabled} onClick={() => onChange('')} icon={<Trash2 aria-hidden="true" className="size-4" />}>
              Remove logo
            </Button>
          )}
        </div>
      </div>
      <p className="text-sm text-slate-500">PNG, JPEG, WebP or GIF up to 10 MB; it is resized here and stored at 200 KB at most.</p>
      <FieldError id={errorId} message={message} />
    </fieldset>
  );
}

export function BrandColorField({ value, onChange, error, disabled }: { value: string; onChange: (color: string) => void; error?: string; disabled: boolean }) {
  const textId = useId();
  const errorId = useId();
  const valid = isHexColor(value.trim());
  const ratio = valid ? contrastWithWhite(value.trim()) : null;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={textId} className="text-sm font-medium text-slate-800">
        Brand colour
      </label>
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label="Pick the brand colour"
          value={valid ? value.trim().toLowerCase() : '#000000'}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border-0 bg-white p-1 ring-1 ring-slate-300"
        />
        <Input id={textId} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} className="font-mono" maxLength={7} />
        {valid && (
          <span aria-hidden="true" className="flex h-11 shrink-0 items-center rounded-lg px-3 text-sm font-semibold text-white" style={{ backgroundColor: value.trim() }}>
            Aa
          </span>
        )}
      </div>
      {ratio !== null && !error && (
        <p className="text-sm text-slate-500">
          White text contrast {formatRatio(ratio)} {ratio >= MIN_CONTRAST ? '(readable)' : ''}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
