import {
  Combobox as HeadlessCombobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
} from '@headlessui/react';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useCallback, useState } from 'react';
import { matchesWords } from '../../lib/text-search';
import { controlClasses, useFieldControl } from './field';

export type ComboboxItem = { value: string; label: string; detail?: string };

function filterItems(items: readonly ComboboxItem[], query: string): readonly ComboboxItem[] {
  if (!query.trim()) return items;
  return items.filter((item) => matchesWords(`${item.label} ${item.detail ?? ''}`, query));
}

/** Type to filter, arrows to move, Enter to pick; put it inside <Field> for its label. */
export function Combobox({
  items,
  value,
  onChange,
  placeholder,
  emptyText = 'Nothing matches.',
}: {
  items: readonly ComboboxItem[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  emptyText?: string;
}) {
  const [query, setQuery] = useState('');
  const shown = filterItems(items, query);
  const selected = items.find((item) => item.value === value) ?? null;
  const { 'aria-describedby': describedBy, ...tied } = useFieldControl({});
  // Headless UI's input sets aria-describedby from its own descriptions (none here), over ours.
  const describe = useCallback(
    (input: HTMLInputElement | null) => {
      if (!input) return;
      if (describedBy) input.setAttribute('aria-describedby', describedBy);
      else input.removeAttribute('aria-describedby');
    },
    [describedBy],
  );
  return (
    <HeadlessCombobox value={selected} onChange={(item: ComboboxItem | null) => onChange(item?.value ?? null)} onClose={() => setQuery('')}>
      <div className="relative">
        <ComboboxInput
          className={controlClasses('pr-10')}
          {...tied}
          ref={describe}
          displayValue={(item: ComboboxItem | null) => item?.label ?? ''}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={placeholder}
        />
        <ComboboxButton className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-500" aria-label="Show options">
          <ChevronsUpDown aria-hidden="true" className="size-4" />
        </ComboboxButton>
      </div>
      <ComboboxOptions
        anchor="bottom start"
        className="z-50 mt-1 max-h-64 w-(--input-width) overflow-auto rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 empty:invisible"
      >
        {shown.length === 0 ? (
          <div className="px-3 py-2 text-sm text-slate-500">{emptyText}</div>
        ) : (
          shown.map((item) => (
            <ComboboxOption
              key={item.value}
              value={item}
              className="group flex cursor-default items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 data-focus:bg-brand-50"
            >
              <Check aria-hidden="true" className="invisible size-4 text-brand-700 group-data-selected:visible" />
              <span className="flex-1">{item.label}</span>
              {item.detail && <span className="text-xs text-slate-500">{item.detail}</span>}
            </ComboboxOption>
          ))
        )}
      </ComboboxOptions>
    </HeadlessCombobox>
  );
}
