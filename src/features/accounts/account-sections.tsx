// The parts of an account's page: its facts, its figures, its contacts, its estimates with
// totals and statuses, its portal and notes.
import { Link } from 'react-router-dom';
import type { Account } from '../../db/collections/accounts';
import type { Estimate } from '../../db/collections/estimates';
import type { Portal } from '../../db/collections/portals';
import type { Prospect } from '../../db/collections/prospects';
import { formatMoney } from '../../lib/money';
import type { AccountFigures } from './account-figures';
import { RelatedEstimates } from '../../components/related-estimates';
import { RelatedPortals } from '../../components/related-portals';
import { Fact } from '../../components/ui/fact';
import { Panel } from '../../components/ui/panel';

export function AccountFacts({ account, owner }: { account: Account; owner: string | undefined }) {
  const site = account.website && (/^https?:\/\//.test(account.website) ? account.website : `https://${account.website}`);
  return (
    <Panel id="facts-heading" title="Details">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label="Industry">{account.industry || '—'}</Fact>
        <Fact label="Owner">{owner ?? 'No owner'}</Fact>
        <Fact label="E-mail">{account.email ? <a className="text-brand-700 hover:underline" href={`mailto:${account.email}`}>{account.email}</a> : '—'}</Fact>
        <Fact label="Phone">{account.phone ? <a className="text-brand-700 hover:underline" href={`tel:${account.phone}`}>{account.phone}</a> : '—'}</Fact>
        <Fact label="Website">{site ? <a className="text-brand-700 hover:underline" href={site} target="_blank" rel="noreferrer">{account.website}</a> : '—'}</Fact>
        <Fact label="Tags">{account.tags || '—'}</Fact>
        <Fact label="Billing address">
          <span className="whitespace-pre-wrap">{account.billing_address || '—'}</span>
        </Fact>
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Notes</h3>
      <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700">{account.notes || 'No notes yet.'}</p>
    </Panel>
  );
}

export function AccountNumbers({ figures }: { figures: AccountFigures }) {
  const items = [
    { label: 'Open pipeline', value: formatMoney(figures.open), testId: 'account-open' },
    { label: 'Won revenue', value: formatMoney(figures.won), testId: 'account-won' },
    { label: 'Estimates', value: String(figures.estimates), testId: 'account-estimate-count' },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3">
      {items.map((i) => (
        <div key={i.label} className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{i.label}</dt>
          <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums" data-testid={i.testId}>
            {i.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ContactsPanel({ contacts }: { contacts: readonly Prospect[] }) {
  return (
    <Panel id="contacts-heading" title="Contacts">
      {contacts.length === 0 ? (
        <p className="text-sm text-slate-600">No contacts yet. Link a prospect to this account from their page.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="account-contacts">
          {contacts.map((c) => (
            <li key={c.id} className="py-2">
              <Link to={`/prospects?prospect=${c.id}`} className="font-medium text-slate-900 hover:underline">
                {`${c.first_name} ${c.last_name}`.trim() || c.email}
              </Link>
              <p className="text-xs text-slate-600">{[c.email, c.phone].filter(Boolean).join(' · ') || 'No e-mail or phone'}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function AccountEstimates({ estimates, onNew }: { estimates: readonly Estimate[]; onNew: (() => void) | null }) {
  return <RelatedEstimates id="account-estimates-heading" testId="account-estimates" estimates={estimates} onNew={onNew} className="lg:col-span-2" />;
}

export function AccountPortal({ portals, accountId, canCreate }: { portals: readonly Portal[]; accountId: string; canCreate: boolean }) {
  return <RelatedPortals id="account-portal-heading" portals={portals} createHref={`/portals?create=customer&account=${accountId}`} canCreate={canCreate} />;
}
