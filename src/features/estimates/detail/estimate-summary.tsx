// The head of an estimate's page: number and state, title, customer, owner, recipient, validity.
import type { Estimate } from '../../../db/collections/estimates';
import type { SyncIssue } from '../../../db/collections/sync-issues';
import { EstimateNumber } from '../estimate-number';
import { AcceptanceBadge } from '../streamlined/acceptance-record';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function Fact({ label, children, print = true }: { label: string; children: string; print?: boolean }) {
  return (
    <div className={print ? undefined : 'print:hidden'}>
      <dt className="inline text-slate-600">{label}: </dt>
      <dd className="inline text-slate-800">{children}</dd>
    </div>
  );
}

export function EstimateSummary({ estimate, failure, customer, ownerName }: { estimate: Estimate; failure: SyncIssue | null | undefined; customer: string; ownerName: string }) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <EstimateNumber estimate={estimate} />
        <AcceptanceBadge estimate={estimate} failure={failure} />
      </p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{estimate.title || 'Untitled estimate'}</h1>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <Fact label="Customer">{customer || 'None yet'}</Fact>
        <Fact label="Owner" print={false}>
          {ownerName || '—'}
        </Fact>
        {estimate.sent_to_email && (
          <Fact label="Sent to" print={false}>
            {estimate.sent_to_email}
          </Fact>
        )}
        {estimate.valid_until && <Fact label="Valid until">{DAY.format(new Date(`${estimate.valid_until}T00:00:00Z`))}</Fact>}
      </dl>
    </div>
  );
}
