// A labelled input bound to useDraftField: typed text kept, message beside the field.
import { useEffect, useRef, type InputHTMLAttributes } from 'react';
import { Field, Input, Textarea } from '../../components/ui/field';
import { toastError } from '../../lib/toast-store';
import type { Parsed } from './field-parsers';
import { useDraftField } from './use-draft-field';

type Props<T> = {
  label: string;
  stored: string;
  parse: (text: string) => Parsed<T>;
  save: (value: T) => Promise<unknown>;
  disabled?: boolean;
  className?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  type?: 'text' | 'date';
  multiline?: boolean;
  hint?: string;
  /** Extra check across fields (e.g. end after start); a message blocks nothing already saved. */
  extraError?: string | null;
  inputClassName?: string;
  /** Takes the focus with its text selected when this turns true (a line just added: type its name). */
  focusOnMount?: boolean;
  /** Hears the value as typed before its save (undefined: the stored one counts); see draft-values.ts. */
  onDraft?: (value: T | undefined) => void;
};

export function DraftInput<T>({ label, stored, parse, save, disabled, className, inputMode, type = 'text', multiline, hint, extraError, inputClassName, onDraft, focusOnMount }: Props<T>) {
  const field = useDraftField(stored, parse, save, (e) => toastError(e), onDraft);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnMount) input.current?.select();
  }, [focusOnMount]);
  const error = field.error ?? extraError ?? null;
  return (
    <Field label={label} error={error} className={className} hint={hint}>
      {multiline ? (
        <Textarea value={field.text} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} disabled={disabled} invalid={error !== null} className={inputClassName} />
      ) : (
        <Input
          type={type}
          value={field.text}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          disabled={disabled}
          invalid={error !== null}
          inputMode={inputMode}
          className={inputClassName}
          ref={input}
        />
      )}
    </Field>
  );
}
