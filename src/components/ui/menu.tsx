import { Menu as HeadlessMenu, MenuButton as HeadlessMenuButton, MenuItem as HeadlessMenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cx } from './cx';

export type MenuEntry =
  | { kind: 'action'; label: string; icon?: ReactNode; onSelect: () => void; danger?: boolean }
  | { kind: 'link'; label: string; icon?: ReactNode; href: string; render?: (props: { className: string; children: ReactNode }) => ReactNode }
  | { kind: 'separator' };

// The active item (arrow keys or pointer) is tinted and outlined, visible without colour vision too.
const ITEM =
  'flex w-full items-center gap-2 rounded-md px-3 py-2.5 text-left text-sm text-slate-700 data-focus:bg-brand-50 data-focus:ring-1 data-focus:ring-brand-600 data-focus:ring-inset [&_svg]:size-4 [&_svg]:text-slate-500';

export function Menu({
  button,
  buttonLabel,
  header,
  entries,
  buttonClassName,
}: {
  button: ReactNode;
  buttonLabel: string;
  header?: ReactNode;
  entries: readonly MenuEntry[];
  buttonClassName?: string;
}) {
  return (
    <HeadlessMenu>
      {/* Focus shows the app's :focus-visible outline (styles.css). */}
      <HeadlessMenuButton aria-label={buttonLabel} className={cx('inline-flex items-center gap-2 rounded-lg', buttonClassName)}>
        {button}
      </HeadlessMenuButton>
      <MenuItems
        anchor="bottom end"
        transition
        className="z-50 mt-2 w-60 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 transition duration-100 focus:outline-none data-closed:scale-95 data-closed:opacity-0"
      >
        {header && <div className="px-3 py-2 text-sm text-slate-600">{header}</div>}
        {entries.map((entry, i) => {
          if (entry.kind === 'separator') return <MenuSeparator key={`sep-${i}`} className="my-1 h-px bg-slate-200" />;
          if (entry.kind === 'link') {
            const content = (
              <>
                {entry.icon}
                {entry.label}
              </>
            );
            return (
              <HeadlessMenuItem key={entry.label}>
                {entry.render ? (
                  entry.render({ className: ITEM, children: content })
                ) : (
                  <a href={entry.href} className={ITEM}>
                    {content}
                  </a>
                )}
              </HeadlessMenuItem>
            );
          }
          return (
            <HeadlessMenuItem key={entry.label}>
              <button type="button" onClick={entry.onSelect} className={cx(ITEM, entry.danger && 'text-red-700')}>
                {entry.icon}
                {entry.label}
              </button>
            </HeadlessMenuItem>
          );
        })}
      </MenuItems>
    </HeadlessMenu>
  );
}
