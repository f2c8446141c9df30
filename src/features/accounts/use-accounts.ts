// The accounts list's data: accounts (live), their figures from the organization's estimates
// and contacts, and the team's names.
import { useMemo } from 'react';
import type { Account } from '../../db/collections/accounts';
import type { Estimate } from '../../db/collections/estimates';
import type { Prospect } from '../../db/collections/prospects';
import { listAccounts, memberNames, teamOf } from '../../db/queries';
import { useLiveQuery, useWorkspace } from '../../db/react';
import { accountFigures } from './account-figures';
import { allContacts, orgEstimates } from './queries';

export function useTeamNames() {
  const { orgId } = useWorkspace();
  const team = useLiveQuery((db) => teamOf(db, orgId), [orgId]);
  return useMemo(() => {
    const names = memberNames(team.result);
    return { names, options: [...names].map(([value, label]) => ({ value, label })) };
  }, [team.result]);
}

export function useAccounts() {
  const { orgId } = useWorkspace();
  const accounts = useLiveQuery((db) => listAccounts(db, { orgId }), [orgId]);
  const estimates = useLiveQuery((db) => orgEstimates(db, orgId), [orgId]);
  const contacts = useLiveQuery((db) => allContacts(db, orgId), [orgId]);
  const figures = useMemo(() => {
    const contactOf = new Map(((contacts.result ?? []) as Prospect[]).map((p) => [p.id, p.account_id!]));
    return accountFigures((estimates.result ?? []) as Estimate[], contactOf);
  }, [estimates.result, contacts.result]);
  return { loading: accounts.result === undefined, accounts: (accounts.result ?? []) as Account[], figures, figuresLoading: estimates.result === undefined };
}
