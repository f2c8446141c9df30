// The organization's members as the pipeline shows them: names by user id, e-mails for the
// CSV files, and the options of an owner picker.
import { useMemo } from 'react';
import { memberNames, teamOf } from '../../db/queries';
import { useLiveQuery, useWorkspace } from '../../db/react';

export type Team = {
  names: ReadonlyMap<string, string>;
  emails: ReadonlyMap<string, string>;
  options: { value: string; label: string }[];
};

export function useTeam(): Team {
  const { orgId } = useWorkspace();
  const team = useLiveQuery((db) => teamOf(db, orgId), [orgId]);
  return useMemo(() => {
    const members = team.result ?? [];
    const names = memberNames(members);
    const emails = new Map(members.map((p) => [p.user_id, p.email]));
    const options = members.map((p) => ({ value: p.user_id, label: names.get(p.user_id)! }));
    return { names, emails, options };
  }, [team.result]);
}
