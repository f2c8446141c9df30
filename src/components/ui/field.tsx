import {
  Description,
  Field as HeadlessField,
  Input as HeadlessInput,
  Label,
  Textarea as HeadlessTextarea,
  type InputProps as HeadlessInputProps,
  type TextareaProps as HeadlessTextareaProps,
} from '@headlessui/react';
import { forwardRef, type ReactNode } from 'react';
import { cx } from './cx';

const CONTROL =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 ' +
  'focus:outline-none data-focus:ring-2 data-focus:ring-brand-600 data-invalid:ring-red-600 data-disabled:bg-slate-100 data-disabled:text-slate-500 sm:text-sm';

export function controlClasses(extra?: string): string {
  return cx(CONTROL, extra);
}

/** Label, optional hint and error message around one control; the control gets aria links. */
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
      {children}
      {error && (
        <Description role="alert" className="text-sm text-red-700">
          {error}
        </Description>
      )}
    </HeadlessField>
  );
}

export type InputProps = Omit<HeadlessInputProps, 'className'> & { className?: string };

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, ...props }, ref) {
  return <HeadlessInput ref={ref} className={controlClasses(className)} {...props} />;
});

export type TextareaProps = Omit<HeadlessTextareaProps, 'className'> & { className?: string };

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ className, ...props }, ref) {
  return <HeadlessTextarea ref={ref} className={controlClasses(cx('min-h-24', className))} {...props} />;
});
