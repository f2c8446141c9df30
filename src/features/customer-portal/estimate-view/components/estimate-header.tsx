// Who sent the estimate (name, logo, brand colour, contact details) and what it is: number,
// title, status, when it was sent and how long it is valid.
import { MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Moment } from '../../../../components/portal/moment';
import { formatDay, safeImageSource } from '../format';
import type { CustomerEstimate } from '../schemas';
import { StatusPill } from './status-pill';

export function EstimateHeader({ estimate }: { estimate: CustomerEstimate }) {
  const { organization: org } = estimate;
  const logo = safeImageSource(org.logo);
  const title = estimate.title || estimate.snapshot.estimate.title || 'Estimate';
  return (
    <header className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 print:rounded-none print:shadow-none print:ring-0">
      <div className="h-2 bg-[var(--org)] print:hidden" />
      <div className="flex flex-col gap-5 p-5 sm:p-7">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 items-center gap-3">
            {logo ? (
              <img src={logo} alt={`${org.name} logo`} className="h-12 w-auto max-w-40 object-contain" />
            ) : (
              <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-[var(--org)] text-xl font-semibold text-[var(--org-on)]">
                {org.name.trim().charAt(0).toUpperCase()}
              </span>
            )}
            <div className="min-w-0">
              <p data-testid="organization-name" className="truncate text-lg font-semibold text-slate-900">
                {org.name}
              </p>
              <ContactLine address={org.address} phone={org.phone} />
            </div>
          </div>
          <StatusPill status={estimate.status} />
        </div>
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium tracking-wide text-[var(--org-text)] uppercase">Estimate {estimate.number}</p>
          <h1 className="text-2xl font-semibold tracking-tight text-balance text-slate-900 sm:text-3xl">{title}</h1>
          {estimate.customer_name && <p className="text-base text-slate-700">Prepared for {estimate.customer_name}</p>}
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:flex sm:flex-wrap sm:gap-x-10">
          {estimate.sent_at && <Fact label="Sent" value={<Moment at={estimate.sent_at} style="day" />} />}
          {estimate.valid_until && <Fact label="Valid until" value={formatDay(estimate.valid_until)} />}
          <Fact label="Version" value={String(estimate.version.version_number)} />
        </dl>
      </div>
    </header>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function ContactLine({ address, phone }: { address: string; phone: string }) {
  if (!address && !phone) return null;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
      {address && (
        <span className="inline-flex items-center gap-1">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          {address}
        </span>
      )}
      {phone && (
        <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
          <Phone aria-hidden="true" className="size-4 shrink-0" />
          {phone}
        </a>
      )}
    </p>
  );
}
