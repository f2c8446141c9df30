// The list of portals with their customers' names, searched and filtered (pure, tested).
import type { Portal } from '../../db/collections/portals';
import { matchesWords } from '../../lib/text-search';
import { portalStatus, type PortalStatus } from './portal-status';

export type PortalRow = Portal & { customerName: string; status: PortalStatus };
export type PortalFilters = { search: string; kind: '' | Portal['kind']; status: '' | PortalStatus };

export function portalRows(portals: Portal[], names: Map<string, string>, now = Date.now()): PortalRow[] {
  return portals
    .filter((p) => !(p as Portal & { _deleted?: boolean })._deleted)
    .map((p) => ({ ...p, customerName: names.get((p.kind === 'customer' ? p.account_id : p.prospect_id) ?? '') ?? '', status: portalStatus(p, now) }));
}

export function filterPortals(rows: PortalRow[], filters: PortalFilters): PortalRow[] {
  return rows.filter(
    (r) =>
      (!filters.kind || r.kind === filters.kind) &&
      (!filters.status || r.status === filters.status) &&
      matchesWords(`${r.name} ${r.customerName} ${r.welcome_message}`, filters.search),
  );
}
