// Who has access and what they did: active links (revoke), customer sessions (end), and the
// access log (every opening: time, address, browser, what was opened).
import { Ban } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { RowsTable, TableCell } from '../../components/ui/table';
import { toast, toastError } from '../../lib/toast-store';
import { formatWhen } from './portal-table';
import { usePortalCommand } from './queries';
import type { PortalActivity } from './schemas';

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A readable browser name from a user agent, with the whole string on hover. */
function browserOf(ua: string): string {
  const name = /Edg\//.test(ua) ? 'Edge' : /Chrome\//.test(ua) ? 'Chrome' : /Firefox\//.test(ua) ? 'Firefox' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const os = /iPad|iPhone/.test(ua) ? 'iOS' : /Android/.test(ua) ? 'Android' : /Mac OS X/.test(ua) ? 'macOS' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : '';
  return ua ? `${name}${os ? ` on ${os}` : ''}` : '—';
}

export function LinksTable({ portalId, links, manage }: { portalId: string; links: PortalActivity['links']; manage: boolean }) {
  const revoke = usePortalCommand(portalId, 'revoke_portal_link');
  if (links.length === 0) return null;
  return (
    <Panel id="portal-links" title="Links in use">
      <RowsTable
        columns={['Made', 'How', { label: 'Openings', className: 'text-right' }]}
        actions={manage}
        rows={links}
        cells={(l) => (
          <>
            <TableCell className="whitespace-nowrap">{formatWhen(l.created_at)}{l.created_by_name ? ` · ${l.created_by_name}` : ''}</TableCell>
            <TableCell>{l.channel === 'email' ? `E-mailed to ${l.sent_to}` : 'Copied link'}</TableCell>
            <TableCell className="text-right tabular-nums">{l.view_count}</TableCell>
            {manage && (
              <TableCell className="text-right">
                <Button variant="ghost" size="sm" onClick={() => revoke.mutate(l.id, { onSuccess: () => toast({ tone: 'success', description: 'The link no longer works.' }), onError: (e) => toastError(e) })} icon={<Ban aria-hidden="true" className="size-4" />}>
                  Revoke
                </Button>
              </TableCell>
            )}
          </>
        )}
      />
    </Panel>
  );
}

export function SessionsTable({ portalId, sessions, manage }: { portalId: string; sessions: PortalActivity['sessions']; manage: boolean }) {
  const end = usePortalCommand(portalId, 'revoke_customer_session');
  return (
    <Panel id="portal-sessions-staff" title="Active sessions">
      {sessions.length === 0 ? (
        <p className="text-sm text-slate-600">Nobody is signed in to this portal.</p>
      ) : (
        <RowsTable
          columns={['Person', { label: 'Device', className: 'hidden md:table-cell' }, 'Last seen']}
          actions={manage}
          rows={sessions}
          cells={(s) => (
            <>
              <TableCell data-testid="portal-session-person">{s.person}</TableCell>
              <TableCell className="hidden md:table-cell" title={s.user_agent}>{`${browserOf(s.user_agent)} · ${s.ip_address || 'unknown address'}`}</TableCell>
              <TableCell className="whitespace-nowrap">{formatWhen(s.last_seen_at ?? s.created_at)}</TableCell>
              {manage && (
                <TableCell className="text-right">
                  <Button variant="ghost" size="sm" onClick={() => end.mutate(s.id, { onSuccess: () => toast({ tone: 'success', description: `${s.person} is signed out of the portal.` }), onError: (e) => toastError(e) })} icon={<Ban aria-hidden="true" className="size-4" />}>
                    End session
                  </Button>
                </TableCell>
              )}
            </>
          )}
        />
      )}
    </Panel>
  );
}

export function AccessLogTable({ log }: { log: PortalActivity['access_log'] }) {
  return (
    <Panel id="portal-access-log" title="Access log">
      {log.length === 0 ? (
        <p className="text-sm text-slate-600">Nobody has opened this portal yet.</p>
      ) : (
        <RowsTable
          className="max-h-96 overflow-y-auto"
          columns={['Time', 'What', { label: 'Who', className: 'hidden md:table-cell' }, { label: 'Address and browser', className: 'hidden lg:table-cell' }]}
          rows={log}
          cells={(l) => (
            <>
              <TableCell className="whitespace-nowrap">{formatWhen(l.accessed_at)}</TableCell>
              <TableCell data-testid="access-log-what">{l.what || l.token_kind}</TableCell>
              <TableCell className="hidden md:table-cell">{l.person || '—'}</TableCell>
              <TableCell className="hidden lg:table-cell" title={l.user_agent}>{`${l.ip_address || 'unknown'} · ${browserOf(l.user_agent)}`}</TableCell>
            </>
          )}
        />
      )}
    </Panel>
  );
}
