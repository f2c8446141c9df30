// The portal of an account or a prospect on its detail page: each one to open, or "Create a
// portal" for those who may create one.
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from './ui/button';
import { Panel } from './ui/panel';

/** What the panel shows of a portal (a Portal document fits). */
type PortalLine = { id: string; name: string };

type Props = { id: string; portals: readonly PortalLine[]; createHref: string; canCreate: boolean };

export function RelatedPortals({ id, portals, createHref, canCreate }: Props) {
  return (
    <Panel id={id} title="Portal">
      {portals.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {portals.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="text-slate-800">{p.name || 'Portal'}</span>
              <Link className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline" to={`/portals/${p.id}`}>
                Open portal <ExternalLink aria-hidden="true" className="size-3.5" />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">No portal yet.</p>
          {canCreate && (
            <Link className={buttonClasses('secondary', 'sm')} to={createHref}>
              Create a portal
            </Link>
          )}
        </div>
      )}
    </Panel>
  );
}
