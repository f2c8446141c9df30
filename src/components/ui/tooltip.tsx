import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { tooltipTiming } from '../../lib/tooltip-timing';
import { cx } from './cx';

type TriggerProps = {
  'aria-describedby'?: string;
  onMouseEnter?: () => void;
  onMouseLeave?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
  onKeyDown?: (event: { key: string }) => void;
};

/**
 * Shows `content` next to the child on hover or keyboard focus after 700 ms (at once inside the
 * 300 ms skip window); Escape hides it. The child must accept the trigger props (a button does).
 */
export function Tooltip({
  content,
  children,
  side = 'bottom',
}: {
  content: ReactNode;
  children: ReactElement<TriggerProps>;
  side?: 'bottom' | 'right';
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
    const delay = tooltipTiming.openDelay(Date.now());
    if (delay === 0) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) tooltipTiming.closed(Date.now());
      return false;
    });
  };

  const trigger = cloneElement(children, {
    'aria-describedby': open ? id : undefined,
    onMouseEnter: show,
    onMouseLeave: hide,
    onFocus: show,
    onBlur: hide,
    onKeyDown: (event) => {
      if (event.key === 'Escape') hide();
      children.props.onKeyDown?.(event);
    },
  });

  return (
    <span className="relative inline-flex">
      {trigger}
      {open && (
        <span
          role="tooltip"
          id={id}
          className={cx(
            'pointer-events-none absolute z-50 w-max max-w-56 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-lg',
            side === 'bottom' ? 'top-full left-1/2 mt-2 -translate-x-1/2' : 'top-1/2 left-full ml-2 -translate-y-1/2',
          )}
        >
          {content}
        </span>
      )}
    </span>
  );
}
