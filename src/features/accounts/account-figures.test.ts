import { describe, expect, it } from 'vitest';
import { accountFigures, figuresOf, sortAccounts, type FigureEstimate } from './account-figures';

const A = 'a0000000-0000-4000-8000-000000000001';
const B = 'b0000000-0000-4000-8000-000000000002';
const ANA = 'c0000000-0000-4000-8000-000000000003';
let n = 0;
const e = (values: Partial<FigureEstimate>): FigureEstimate => ({ id: String(++n), account_id: null, prospect_id: null, status: 'draft', total_cents: 0, ...values });

describe('account figures', () => {
  const estimates = [
    e({ account_id: A, status: 'draft', total_cents: 1_000 }),
    e({ account_id: A, status: 'sent', total_cents: 2_000 }),
    e({ account_id: A, status: 'viewed', total_cents: 4_000 }),
    e({ account_id: A, status: 'changes_requested', total_cents: 8_000 }),
    e({ account_id: A, status: 'accepted', total_cents: 16_000 }),
    e({ account_id: A, status: 'declined', total_cents: 32_000 }),
    e({ account_id: A, status: 'expired', total_cents: 64_000 }),
    e({ account_id: A, status: 'archived', total_cents: 128_000 }),
    // A contact's accepted estimate from before the contact joined the account (locked).
    e({ prospect_id: ANA, status: 'accepted', total_cents: 256_000 }),
    // The contact's estimate re-pointed to B stays B's.
    e({ account_id: B, prospect_id: ANA, status: 'sent', total_cents: 512_000 }),
    e({ status: 'accepted', total_cents: 999 }),
  ];
  const figures = accountFigures(estimates, new Map([[ANA, A]]));

  it('sums open estimates (draft to changes requested) and accepted ones, for the account and its contacts', () => {
    expect(figuresOf(figures, A)).toEqual({ open: 15_000, won: 272_000, estimates: 9 });
    expect(figuresOf(figures, B)).toEqual({ open: 512_000, won: 0, estimates: 1 });
    expect(figuresOf(figures, 'none')).toEqual({ open: 0, won: 0, estimates: 0 });
  });

  it('sorts by name, open pipeline value or won revenue', () => {
    const accounts = [{ id: A, name: 'alpha' }, { id: B, name: 'Bravo' }, { id: 'z', name: 'Zulu' }];
    expect(sortAccounts(accounts, figures, 'name').map((a) => a.name)).toEqual(['alpha', 'Bravo', 'Zulu']);
    expect(sortAccounts(accounts, figures, 'open').map((a) => a.name)).toEqual(['Bravo', 'alpha', 'Zulu']);
    expect(sortAccounts(accounts, figures, 'won').map((a) => a.name)).toEqual(['alpha', 'Bravo', 'Zulu']);
  });
});
