// The headline figures of the range.
import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/money';
import { countLabel, formatPercent } from './format';
import { PercentText } from './owners-section';
import type { AnalyticsResult } from './summarize';

function Card({ id, label, value, detail }: { id: string; label: string; value: ReactNode; detail: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd data-testid={`kpi-${id}`} className="mt-1 text-xl font-semibold tracking-tight break-words text-slate-900 tabular-nums sm:text-2xl">
        {value}
      </dd>
      <dd className="mt-0.5 text-xs text-slate-500">{detail}</dd>
    </div>
  );
}

export function SummaryCards({ result }: { result: AnalyticsResult }) {
  const { winRate, revenue, open, margin } = result;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
      <Card id="estimates" label="Estimates created" value={result.estimates.toLocaleString('en-US')} detail={`${countLabel(result.funnel[2]!.count, 'sent', 'sent')} to customers`} />
      <Card id="open" label="Open pipeline" value={formatMoney(open.totalCents)} detail={`${countLabel(open.count, 'estimate')} waiting on the customer`} />
      <Card id="win-rate" label="Win rate" value={formatPercent(winRate.percent)} detail={`${winRate.accepted} accepted of ${winRate.accepted + winRate.declined + winRate.expired} decided`} />
      <Card id="revenue" label="Accepted revenue" value={formatMoney(revenue.revenueCents)} detail={`${countLabel(revenue.accepted, 'estimate')}, before tax`} />
      {margin && (
        <Card id="margin" label="Average margin" value={<PercentText percent={margin.averagePercent} />} detail={`${countLabel(margin.withData, 'estimate')} · ${margin.withoutData} N/A`} />
      )}
    </dl>
  );
}
