// /analytics: pipeline, win rate, revenue, margins, timings, products, funnel and owners of the
// estimates created in a date range, computed on this device from its database by a worker
// (works offline). Owners, admins and sales staff see cost and margin; viewers do not
// (access.ts).
import { ChartColumn } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { listAccounts, teamOf } from '../../db/queries';
import { useLiveQuery, useWorkspace } from '../../db/react';
import { seesCostAndMargin } from './access';
import { preloadCharts } from './charts';
import { dayText, filtersToParams, parseFilters, rangeLabel, rangeOf, type Filters } from './filters';
import { FiltersBar } from './filters-bar';
import { countLabel } from './format';
import { MarginSection } from './margin-section';
import { OwnersSection } from './owners-section';
import { FunnelSection, PipelineSection } from './pipeline-sections';
import { TopMarginSection, TopProductsSection } from './products-section';
import { RevenueSection, TimingSection } from './revenue-sections';
import { SummaryCards } from './summary-cards';
import type { AnalyticsQuery } from './summarize';
import { useAnalytics, type Answer } from './use-analytics';

// Recharts starts loading with this page's code, while the page renders and starts the worker.
void preloadCharts();

export function AnalyticsPage() {
  const { orgId, role } = useWorkspace();
  const withMargins = seesCostAndMargin(role);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const [now] = useState(() => Date.now());
  const range = useMemo(() => rangeOf(filters, new Date(now)), [filters, now]);
  const team = useLiveQuery((d) => teamOf(d, orgId), [orgId]);
  const accounts = useLiveQuery((d) => listAccounts(d, { orgId }), [orgId]);

  const query: AnalyticsQuery | null = range.ok
    ? { from: range.range.from.getTime(), to: range.range.to.getTime(), ownerId: filters.ownerId, accountId: filters.accountId, withMargins, now }
    : null;
  const { answer, error, computing } = useAnalytics(query);

  const change = (patch: Partial<Filters>) => {
    const next = { ...filters, ...patch };
    // A custom range starts from the range shown.
    if (patch.preset === 'custom' && !filters.from && !filters.to && range.ok) {
      next.from = dayText(range.range.from);
      next.to = dayText(new Date(range.range.to.getTime() - 1));
    }
    setParams(filtersToParams(next), { replace: true });
  };
  const owners = useMemo(() => (team.result ?? []).map((p) => ({ value: p.user_id, label: `${p.first_name} ${p.last_name}`.trim() || p.email })), [team.result]);
  const accountOptions = useMemo(() => (accounts.result ?? []).map((a) => ({ value: a.id, label: a.name })), [accounts.result]);

  return (
    <div data-testid="analytics" data-answer={answer?.id ?? 0} data-computing={computing} data-opened={answer?.opened} data-open-ms={answer ? Math.round(answer.openMs) : undefined} data-open-read={answer?.openRead} data-warmed={answer?.warmed} data-work-ms={answer ? Math.round(answer.workMs) : undefined} className="flex flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Analytics</h1>
          <p className="text-sm text-slate-600">
            Estimates created {range.ok ? rangeLabel(range.range) : 'in the range'}, from the data on this device.
            {!withMargins && ' Cost and margin figures are shown to owners, admins and sales staff.'}
          </p>
        </div>
        <Status answer={answer} computing={computing} error={error} />
      </header>
      <FiltersBar filters={filters} onChange={change} range={range} owners={owners} accounts={accountOptions} />
      <Body answer={answer} />
    </div>
  );
}

function Status({ answer, computing, error }: { answer: Answer | null; computing: boolean; error: string | null }) {
  if (error) return <p role="alert" className="text-sm text-red-700">Analytics could not be computed: {error}</p>;
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
      {answer && computing && <Spinner label="Updating" className="[&_svg]:size-4" />}
      {answer ? `${countLabel(answer.estimates, 'estimate')} on this device` : ''}
    </p>
  );
}

/**
 * The figures of one answer. Memoized on it: a filter change re-renders the header and the
 * filters at once, and the sections and charts only when the new answer comes (they would
 * otherwise all render twice, the second time with the new figures).
 */
const Body = memo(function Body({ answer }: { answer: Answer | null }) {
  if (!answer) return <PageSpinner label="Computing analytics…" />;
  if (answer.estimates === 0) {
    return (
      <EmptyState icon={<ChartColumn />} title="No estimates on this device yet">
        Analytics fill in as your team creates, sends and wins estimates, and as this device syncs them.
      </EmptyState>
    );
  }
  const { result, query } = answer;
  const fileBase = `analytics-${dayText(new Date(query.from))}-to-${dayText(new Date(query.to - 1))}`;
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <div className="xl:col-span-2">
        <SummaryCards result={result} />
      </div>
      <PipelineSection result={result} fileBase={fileBase} />
      <RevenueSection result={result} fileBase={fileBase} />
      <FunnelSection result={result} fileBase={fileBase} />
      {result.margin ? <MarginSection margin={result.margin} fileBase={fileBase} /> : <TimingSection result={result} fileBase={fileBase} />}
      <div className="xl:col-span-2">
        <TopProductsSection result={result} fileBase={fileBase} />
      </div>
      {result.topByMargin && (
        <div className="xl:col-span-2">
          <TopMarginSection rows={result.topByMargin} fileBase={fileBase} />
        </div>
      )}
      {result.margin && <TimingSection result={result} fileBase={fileBase} />}
      <div className={result.margin ? '' : 'xl:col-span-2'}>
        <OwnersSection result={result} fileBase={fileBase} />
      </div>
    </div>
  );
});
