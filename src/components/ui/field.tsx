import { createContext, forwardRef, useContext, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';

// Focus: a 2 px brand ring; on an invalid control the ring stays red and a brand outline shows
// the focus, so focus never looks like a 1 px change of width. focus-within, not focus: in a
// date input focus sits in the browser's own parts of the control, which :focus does not see.
const CONTROL =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 ' +
  'focus:outline-none focus-within:ring-2 focus-within:ring-brand-600 aria-invalid:ring-red-600 ' +
  'aria-invalid:focus-within:outline-2 aria-invalid:focus-within:outline-offset-2 aria-invalid:focus-within:outline-solid aria-invalid:focus-within:outline-brand-600 ' +
  'disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm';

export function controlClasses(extra?: string): string {
  return cx(CONTROL, extra);
}

/** What a <Field> tells the control inside it: its id (the label's `for`), what describes it, whether it shows an error. */
type FieldControl = { id: string; labelId: string; describedBy: string | undefined; hasError: boolean };

const FieldContext = createContext<FieldControl | null>(null);

/**
 * The attributes that tie a control to its <Field>: the label names it (also when the caller
 * gives the control an id of its own), hint and error describe
 * it (aria-describedby), and an error shown marks it invalid whatever the caller passed, so an
 * error is never shown beside a control that says it is fine. Outside a Field, only `invalid`.
 */
export function useFieldControl({ id, invalid, describedBy }: { id?: string; invalid?: boolean; describedBy?: string }) {
  const field = useContext(FieldContext);
  const described = [describedBy, field?.describedBy].filter(Boolean).join(' ') || undefined;
  const isInvalid = Boolean(invalid) || Boolean(field?.hasError);
  return { id: id ?? field?.id, 'aria-labelledby': field?.labelId, 'aria-describedby': described, 'aria-invalid': isInvalid || undefined };
}

/**
 * Label, optional hint and error message around one control (Input, Textarea, Select, Combobox
 * or any control that calls useFieldControl). The error is announced when it appears.
 */
export function Field({
  label,
  hint,
  error,
  children,
  className,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  const ids = { control: `${id}control`, label: `${id}label`, hint: `${id}hint`, error: `${id}error` };
  const describedBy = [hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label id={ids.label} htmlFor={ids.control} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={ids.hint} className="text-sm text-slate-500">
          {hint}
        </p>
      )}
      <FieldContext.Provider value={{ id: ids.control, labelId: ids.label, describedBy, hasError: Boolean(error) }}>{children}</FieldContext.Provider>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean };

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, invalid, id, 'aria-describedby': describedBy, ...props }, ref) {
  const tied = useFieldControl({ id, invalid, describedBy });
  return <input ref={ref} className={controlClasses(className)} {...props} {...tied} />;
});

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean };

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ className, invalid, id, 'aria-describedby': describedBy, ...props }, ref) {
  const tied = useFieldControl({ id, invalid, describedBy });
  return <textarea ref={ref} className={controlClasses(cx('min-h-24', className))} {...props} {...tied} />;
});
