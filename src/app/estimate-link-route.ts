// The estimate link page's route: its name and description (the route table lists them, and
// the page of its own, estimate-link.tsx, sets them without loading the route table and the
// router with it) and the token in its path.
export const ESTIMATE_LINK_HEAD = { name: 'Your Estimate', description: 'Review the line items, totals and timeline of your estimate.' } as const;

/** The token of /portal/estimate/{token}; '' when the path has none (the view then says the link does not work). */
export function tokenFromPath(pathname: string): string {
  const match = /^\/portal\/estimate\/([^/]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return '';
  }
}
