import { ChevronDown, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Menu } from '../components/ui/menu';
import { useAuth } from '../features/auth/use-auth';
import { toastError } from '../lib/toast-store';
import { SignOutDialog } from './sign-out-dialog';
import { decideSignOut, markSignOutRequested } from './sign-out';
import { getActiveSync, useActiveSync } from './sync-control';

export function UserMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const meta = (user?.user_metadata ?? {}) as { first_name?: string; last_name?: string };
  const fullName = [meta.first_name, meta.last_name].filter(Boolean).join(' ');
  const who = fullName || user?.email || user?.phone || 'Signed in';

  const sync = useActiveSync();
  // The count when "Sign out" was chosen; a number opens the warning dialog.
  const [warning, setWarning] = useState<number | null>(null);

  const signOutNow = async () => {
    markSignOutRequested();
    try {
      await signOut();
    } catch (error) {
      toastError(error, 'warning');
    }
    navigate('/auth', { replace: true });
  };

  const onSignOut = async () => {
    const decision = await decideSignOut(getActiveSync());
    if (decision.kind === 'warn') setWarning(decision.pending);
    else await signOutNow();
  };

  return (
    <>
      <Menu
        buttonLabel={`Account menu for ${who}`}
        buttonClassName="p-1 hover:bg-slate-100"
        button={
          <>
            <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-brand-700 text-white">
              <UserRound className="size-5" />
            </span>
            <span className="hidden max-w-40 truncate text-sm font-medium text-slate-700 lg:inline">{who}</span>
            <ChevronDown aria-hidden="true" className="hidden size-4 text-slate-500 sm:inline" />
          </>
        }
        header={
          <>
            <span className="block font-medium text-slate-900">{fullName || 'Staff account'}</span>
            {user?.email && <span className="block truncate">{user.email}</span>}
          </>
        }
        entries={[
          {
            kind: 'link',
            label: 'Account security',
            href: '/settings#security',
            icon: <ShieldCheck aria-hidden="true" />,
            render: ({ className, children }) => (
              <Link to="/settings#security" className={className}>
                {children}
              </Link>
            ),
          },
          { kind: 'separator' },
          { kind: 'action', label: 'Sign out', icon: <LogOut aria-hidden="true" />, onSelect: () => void onSignOut() },
        ]}
      />
      {warning !== null && (
        <SignOutDialog open pending={warning} control={sync} onCancel={() => setWarning(null)} onSignOut={signOutNow} />
      )}
    </>
  );
}
