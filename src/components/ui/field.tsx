import {
  Description,
  Field as HeadlessField,
  Input as HeadlessInput,
  Label,
  Textarea as HeadlessTextarea,
  type InputProps as HeadlessInputProps,
  type TextareaProps as HeadlessTextareaProps,
} from '@headlessui/react';
import { createContext, forwardRef, useContext, type ReactNode } from 'react';
import { cx } from './cx';

// Focus: a 2 px brand ring; on an invalid control the ring stays red and a brand outline shows
// the focus, so focus never looks like a 1 px change of width.
const CONTROL =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 ' +
  'focus:outline-none data-focus:ring-2 data-focus:ring-brand-600 data-invalid:ring-red-600 ' +
  'data-invalid:data-focus:outline-2 data-invalid:data-focus:outline-offset-2 data-invalid:data-focus:outline-solid data-invalid:data-focus:outline-brand-600 ' +
  'data-disabled:bg-slate-100 data-disabled:text-slate-500 sm:text-sm';

export function controlClasses(extra?: string): string {
  return cx(CONTROL, extra);
}

// A control inside a <Field> that shows an error is invalid (aria-invalid) whatever the caller
// passed, so an error is never shown beside a control that says it is fine.
const FieldHasError = createContext(false);

/** Whether the surrounding <Field> shows an error; for controls outside this file. */
export function useFieldHasError(): boolean {
  return useContext(FieldHasError);
}

/**
 * Label, optional hint and error message around one control. Headless UI ties them to it: the
 * label names it, hint and error describe it (aria-describedby), and the error marks it invalid
 * and is announced when it appears.
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
  return (
    <HeadlessField className={cx('flex flex-col gap-1.5', className)}>
      <Label className="text-sm font-medium text-slate-800">{label}</Label>
      {hint && <Description className="text-sm text-slate-500">{hint}</Description>}
      <FieldHasError.Provider value={Boolean(error)}>{children}</FieldHasError.Provider>
      {error && (
        <Description role="alert" className="text-sm text-red-700">
          {error}
        </Description>
      )}
    </HeadlessField>
  );
}

export type InputProps = Omit<HeadlessInputProps, 'className'> & { className?: string };

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, invalid, ...props }, ref) {
  const fieldError = useFieldHasError();
  return <HeadlessInput ref={ref} className={controlClasses(className)} invalid={Boolean(invalid) || fieldError} {...props} />;
});

export type TextareaProps = Omit<HeadlessTextareaProps, 'className'> & { className?: string };

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ className, invalid, ...props }, ref) {
  const fieldError = useFieldHasError();
  return <HeadlessTextarea ref={ref} className={controlClasses(cx('min-h-24', className))} invalid={Boolean(invalid) || fieldError} {...props} />;
});
