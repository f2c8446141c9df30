// An account's figures from the estimates on the device: its own estimates (account_id) and
// those of its contacts that name no account (accepted or declined before the contact became
// the account's: locked, so never re-pointed). Open pipeline value is the total of estimates
// still in play, won revenue the total of accepted ones, both from each estimate's stored
// figures (estimateFigures, kept in total_cents on the device), as /estimates shows them.
import type { Estimate } from '../../db/collections/estimates';
import { OPEN_ESTIMATE_STATUSES } from '../../lib/estimate-status';

export type FigureEstimate = Pick<Estimate, 'id' | 'account_id' | 'prospect_id' | 'status' | 'total_cents'>;
export type AccountFigures = { open: number; won: number; estimates: number };

const EMPTY: AccountFigures = { open: 0, won: 0, estimates: 0 };

/** The account an estimate counts for, if any. `contactOf` maps a prospect id to its account id. */
function accountOfEstimate(estimate: Pick<Estimate, 'account_id' | 'prospect_id'>, contactOf: ReadonlyMap<string, string>): string | null {
  return estimate.account_id ?? (estimate.prospect_id ? (contactOf.get(estimate.prospect_id) ?? null) : null);
}

export function accountFigures(estimates: readonly FigureEstimate[], contactOf: ReadonlyMap<string, string>): Map<string, AccountFigures> {
  const figures = new Map<string, AccountFigures>();
  for (const estimate of estimates) {
    const account = accountOfEstimate(estimate, contactOf);
    if (!account) continue;
    const f = figures.get(account) ?? { ...EMPTY };
    f.estimates++;
    if (OPEN_ESTIMATE_STATUSES.includes(estimate.status)) f.open += estimate.total_cents;
    if (estimate.status === 'accepted') f.won += estimate.total_cents;
    figures.set(account, f);
  }
  return figures;
}

export function figuresOf(figures: ReadonlyMap<string, AccountFigures>, accountId: string): AccountFigures {
  return figures.get(accountId) ?? EMPTY;
}

export type AccountSort = 'name' | 'open' | 'won';

export function sortAccounts<A extends { id: string; name: string }>(accounts: readonly A[], figures: ReadonlyMap<string, AccountFigures>, sort: AccountSort): A[] {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return [...accounts].sort((a, b) => {
    const byName = collator.compare(a.name, b.name);
    if (sort === 'name') return byName;
    const key = sort === 'open' ? 'open' : 'won';
    return figuresOf(figures, b.id)[key] - figuresOf(figures, a.id)[key] || byName;
  });
}
