// The portals this device holds valid sessions for (of one kind), possibly of several
// organizations: branding and last visit; open one, or remove it from this device.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronRight, KeyRound, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Spinner } from '../ui/spinner';
import { customerStore } from '../../lib/customer-device-store';
import { endSession, listSessions, type DeviceSession } from '../../lib/customer-sessions';
import { portalHomePath } from '../../lib/portal-credential';
import type { PortalKind } from '../../lib/portal-api';
import { formatMoment } from './format';
import { brandStyle, OrganizationMark } from './portal-frame';
import { usePortalManifest } from './install-button';

const WORDS: Record<PortalKind, { title: string; signIn: string; empty: string }> = {
  customer: { title: 'Your customer portals', signIn: '/portal-auth', empty: 'Sign in with the link or code from your e-mail to open your portal on this device.' },
  prospect: { title: 'Your prospect portals', signIn: '/prospect-portal-auth', empty: 'Open the link from your e-mail to see the proposals prepared for you.' },
};

export function SessionList({ kind }: { kind: PortalKind }) {
  usePortalManifest();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: ['portal-sessions', kind], queryFn: () => listSessions(kind), staleTime: 0, retry: false });
  const remove = async (portalId: string) => {
    const record = await customerStore.session(portalId);
    if (record) await endSession(record, 'signed_out');
    await client.invalidateQueries({ queryKey: ['portal-sessions', kind] });
  };
  const words = WORDS[kind];
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{words.title}</h1>
          <p className="text-base text-slate-700">The portals you opened on this device in the last 24 hours.</p>
        </div>
        <Link to={words.signIn} className={buttonClasses('secondary', 'md')}>
          <KeyRound aria-hidden="true" className="size-4" />
          Open another portal
        </Link>
      </div>
      {sessions.isPending ? (
        <Spinner label="Looking for your portals…" />
      ) : !sessions.data?.length ? (
        <EmptyState icon={<KeyRound />} title="No portals on this device yet" headingLevel="h2">
          {words.empty}
        </EmptyState>
      ) : (
        <ul data-testid="portal-sessions" className="flex flex-col gap-3">
          {sessions.data.map((s) => (
            <SessionRow key={s.portalId} session={s} onRemove={() => void remove(s.portalId)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SessionRow({ session, onRemove }: { session: DeviceSession; onRemove: () => void }) {
  return (
    <li style={brandStyle(session.label.brandColor)} className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <OrganizationMark name={session.label.organization || session.label.name} logo={session.label.logo} />
      <Link to={portalHomePath(session.kind, session.portalId)} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-[var(--org-text)]">
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-semibold text-slate-900">{session.label.name}</span>
          <span className="truncate text-sm text-slate-600">
            {session.label.organization} · last visit {formatMoment(session.lastVisitAt)}
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
      </Link>
      <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${session.label.name} from this device`} icon={<Trash2 aria-hidden="true" className="size-4" />} />
    </li>
  );
}
