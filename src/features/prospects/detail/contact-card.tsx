// A prospect's contact fields, account, owner, source and notes.
import { Link } from 'react-router-dom';
import { Fact } from '../../../components/ui/fact';
import { Panel } from '../../../components/ui/panel';
import type { Account } from '../../../db/collections/accounts';
import type { Prospect } from '../../../db/collections/prospects';
import { SOURCE_LABEL } from '../pipeline';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function ContactCard({ prospect, account, owner }: { prospect: Prospect; account: Account | null; owner: string | undefined }) {
  return (
    <Panel id="contact-heading" title="Contact">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label="E-mail">{prospect.email ? <a className="text-brand-700 hover:underline" href={`mailto:${prospect.email}`}>{prospect.email}</a> : '—'}</Fact>
        <Fact label="Phone">{prospect.phone ? <a className="text-brand-700 hover:underline" href={`tel:${prospect.phone}`}>{prospect.phone}</a> : '—'}</Fact>
        <Fact label="Company">{prospect.company || '—'}</Fact>
        <Fact label="Account">
          {account ? (
            <Link className="text-brand-700 hover:underline" to={`/accounts?account=${account.id}`}>
              {account.name}
            </Link>
          ) : (
            'Not a customer account yet'
          )}
        </Fact>
        <Fact label="Owner">{owner ?? 'No owner'}</Fact>
        <Fact label="Source">{SOURCE_LABEL[prospect.source]}</Fact>
        <Fact label="Added">{DAY.format(new Date(prospect.created_at))}</Fact>
        {prospect.archived_at && <Fact label="Archived">{DAY.format(new Date(prospect.archived_at))}</Fact>}
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Notes</h3>
      <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700">{prospect.notes || 'No notes yet.'}</p>
    </Panel>
  );
}
