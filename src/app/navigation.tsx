import { Activity, Building2, ChartColumn, FileText, Globe, House, Package, Settings, Target, Users, type LucideIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { cx } from '../components/ui/cx';

type NavItem = { to: string; label: string; icon: LucideIcon };

const STAFF_NAV: readonly NavItem[] = [
  { to: '/', label: 'Home', icon: House },
  { to: '/estimates', label: 'Estimates', icon: FileText },
  { to: '/prospects', label: 'Prospects', icon: Target },
  { to: '/accounts', label: 'Accounts', icon: Building2 },
  { to: '/products', label: 'Products', icon: Package },
  { to: '/analytics', label: 'Analytics', icon: ChartColumn },
  { to: '/portals', label: 'Portals', icon: Globe },
  { to: '/team', label: 'Team', icon: Users },
  { to: '/settings', label: 'Settings', icon: Settings },
  { to: '/monitoring', label: 'Monitoring', icon: Activity },
];

/** A click that opens the link here (not in a new tab or window). */
const plainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;

/**
 * The click handler of a link to another staff screen (the main menu, the logo): the screen
 * renders in the click's own task (flushSync) instead of a transition, which renders it in 5 ms
 * slices between other tasks, so it shows a frame or more sooner (the old screen would stay on
 * view meanwhile anyway). A click with a modifier key stays with the browser (new tab or window).
 */
export function useScreenClick(onNavigate?: () => void) {
  const navigate = useNavigate();
  return (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    if (!plainClick(event)) return;
    event.preventDefault();
    void navigate(to, { flushSync: true });
  };
}

/**
 * `rail`: icons over short labels (tablet portrait); `full`: icon and label side by side.
 * The rail switches to full on wide screens by itself.
 */
export function StaffNavigation({ layout, onNavigate }: { layout: 'rail' | 'full'; onNavigate?: () => void }) {
  const open = useScreenClick(onNavigate);
  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-3">
      <ul className="flex flex-col gap-1">
        {STAFF_NAV.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === '/'}
              onClick={open(to)}
              className={({ isActive }) =>
                cx(
                  'group flex items-center rounded-lg font-medium transition-colors',
                  layout === 'rail'
                    ? 'flex-col gap-1 px-1 py-2 text-[11px] lg:flex-row lg:gap-3 lg:px-3 lg:py-2.5 lg:text-sm'
                    : 'gap-3 px-3 py-2.5 text-sm',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon aria-hidden="true" className={cx('size-5 shrink-0', isActive ? 'text-brand-700' : 'text-slate-400 group-hover:text-slate-600')} />
                  <span>{label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
