// Owners and admins: customers signed in to the organization's portals (end a session here),
// and the recent use of portal, estimate and invite links.
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { RowsTable, TableCell } from '../../components/ui/table';
import { describeError } from '../../lib/errors';
import { toast } from '../../lib/toast-store';
import { Panel, When } from './panel';
import { useAccessLog, useCustomerSessions, useRevokeSession } from './queries';

const KIND_LABELS: Record<string, string> = { portal: 'Portal', prospect_portal: 'Prospect portal', estimate: 'Estimate link', invite: 'Invite', session: 'Portal session' };

function Problem({ error }: { error: unknown }) {
  return <p className="text-sm text-red-700">{describeError(error).message}</p>;
}

export function CustomerSessionsPanel({ orgId }: { orgId: string }) {
  const sessions = useCustomerSessions(orgId, true);
  const revoke = useRevokeSession(orgId);
  const end = (id: string, who: string) =>
    revoke.mutate(id, {
      onSuccess: () => toast({ tone: 'success', description: `${who}'s session ended; they sign in to the portal again.` }),
      onError: (error) => toast({ tone: 'error', description: describeError(error).message }),
    });
  return (
    <Panel id="customer-sessions" title="Customer sessions" summary="Customers and prospects signed in to your portals now.">
      {sessions.isPending ? (
        <Spinner label="Loading sessions…" />
      ) : sessions.isError ? (
        <Problem error={sessions.error} />
      ) : sessions.data.length === 0 ? (
        <p className="text-sm text-slate-600">No one is signed in to a portal.</p>
      ) : (
        <RowsTable
          columns={['Portal', 'Customer', { label: 'Address', className: 'hidden md:table-cell' }, 'Expires']}
          actions
          rows={sessions.data}
          cells={(s) => (
            <>
              <TableCell>{s.portal_name || '—'}</TableCell>
              <TableCell>{s.prospect_name || '—'}</TableCell>
              <TableCell className="hidden font-mono text-xs md:table-cell">{s.ip_address || '—'}</TableCell>
              <TableCell>
                <When at={s.expires_at} />
              </TableCell>
              <TableCell className="text-right">
                <Button size="sm" variant="secondary" disabled={revoke.isPending} onClick={() => end(s.id, s.prospect_name || 'The customer')}>
                  <span>
                    End session<span className="sr-only"> of {s.prospect_name}</span>
                  </span>
                </Button>
              </TableCell>
            </>
          )}
        />
      )}
    </Panel>
  );
}

export function AccessLogPanel({ orgId }: { orgId: string }) {
  const log = useAccessLog(orgId, true);
  return (
    <Panel id="access-log" title="Portal and link access" summary="The last 100 openings of portal, estimate and invite links, refused ones included.">
      {log.isPending ? (
        <Spinner label="Loading the access log…" />
      ) : log.isError ? (
        <Problem error={log.error} />
      ) : log.data.length === 0 ? (
        <p className="text-sm text-slate-600">No link has been opened yet.</p>
      ) : (
        <RowsTable
          columns={['When', 'Link', 'Outcome', { label: 'Address', className: 'hidden md:table-cell' }]}
          rows={log.data}
          cells={(entry) => (
            <>
              <TableCell>
                <When at={entry.accessed_at} />
              </TableCell>
              <TableCell>
                {KIND_LABELS[entry.token_kind] ?? entry.token_kind}
                {entry.portal_name || entry.estimate_number ? <span className="text-slate-500"> · {entry.portal_name || entry.estimate_number}</span> : null}
              </TableCell>
              <TableCell>{entry.outcome === 'ok' ? <Badge tone="success">Opened</Badge> : <Badge tone="danger">Refused</Badge>}</TableCell>
              <TableCell className="hidden font-mono text-xs md:table-cell">{entry.ip_address || '—'}</TableCell>
            </>
          )}
        />
      )}
    </Panel>
  );
}
