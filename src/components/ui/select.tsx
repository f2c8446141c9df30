import { ChevronDown } from 'lucide-react';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { controlClasses, useFieldControl } from './field';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  invalid?: boolean;
  options: readonly SelectOption[];
  placeholder?: string;
  className?: string;
};

/** A native select (best on tablets), styled; put it inside <Field> for its label. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ options, placeholder, className, invalid, id, 'aria-describedby': describedBy, ...props }, ref) {
  const tied = useFieldControl({ id, invalid, describedBy });
  return (
    <div className="relative">
      <select ref={ref} className={controlClasses(`appearance-none pr-10 ${className ?? ''}`)} {...props} {...tied}>
        {placeholder && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
    </div>
  );
});
