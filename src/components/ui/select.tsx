import { Select as HeadlessSelect, type SelectProps as HeadlessSelectProps } from '@headlessui/react';
import { ChevronDown } from 'lucide-react';
import { forwardRef } from 'react';
import { controlClasses, useFieldHasError } from './field';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<HeadlessSelectProps, 'className' | 'children'> & {
  options: readonly SelectOption[];
  placeholder?: string;
  className?: string;
};

/** A native select (best on tablets), styled; put it inside <Field> for its label. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ options, placeholder, className, invalid, ...props }, ref) {
  const fieldError = useFieldHasError();
  return (
    <div className="relative">
      <HeadlessSelect ref={ref} className={controlClasses(`appearance-none pr-10 ${className ?? ''}`)} invalid={Boolean(invalid) || fieldError} {...props}>
        {placeholder && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </HeadlessSelect>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
    </div>
  );
});
