// Pipeline value and count by status, and the funnel from request to accepted estimate.
import type { EstimateStatus } from '../../db/collections/estimates';
import { formatMoney } from '../../lib/money';
import { HorizontalBars, COLORS } from './charts';
import { centsCsv, percentCsv } from './csv';
import { ChartAndTable, DataTable, Section } from './data-table';
import { countLabel, formatPercent, FUNNEL_LABELS, STATUS_LABELS } from './format';
import { percentOf, type AnalyticsResult, type FunnelStep, type StatusRow } from './summarize';

const STATUS_COLORS: Record<EstimateStatus, string> = {
  draft: '#94a3b8',
  sent: '#60a5fa',
  viewed: '#2563eb',
  changes_requested: '#f59e0b',
  accepted: '#059669',
  declined: '#dc2626',
  expired: '#b45309',
  archived: '#cbd5e1',
};

type Props = { result: AnalyticsResult; fileBase: string };

export function PipelineSection({ result, fileBase }: Props) {
  const largest = [...result.pipeline].sort((a, b) => b.totalCents - a.totalCents)[0];
  const summary = largest && largest.totalCents > 0
    ? `Total value by status; the largest is ${STATUS_LABELS[largest.status]} with ${formatMoney(largest.totalCents)} in ${countLabel(largest.count, 'estimate')}.`
    : 'No estimate value in this range.';
  return (
    <Section id="pipeline" title="Pipeline by status" description="Count and total value (with tax, as the estimates list shows it) of the estimates created in the range, by their status now.">
      <ChartAndTable
        chart={<HorizontalBars order={0} format="money" summary={summary} data={result.pipeline.map((r) => ({ key: r.status, label: STATUS_LABELS[r.status], value: r.totalCents, color: STATUS_COLORS[r.status], detail: `${formatMoney(r.totalCents)} · ${countLabel(r.count, 'estimate')}` }))} />}
        table={
          <DataTable<StatusRow>
            label="Pipeline by status"
            fileName={`${fileBase}-pipeline`}
            rows={result.pipeline}
            rowKey={(r) => r.status}
            columns={[
              { header: 'Status', cell: (r) => STATUS_LABELS[r.status], csv: (r) => STATUS_LABELS[r.status] },
              { header: 'Estimates', numeric: true, cell: (r) => r.count.toLocaleString('en-US'), csv: (r) => r.count },
              { header: 'Total value', csvHeader: 'Total value (USD)', numeric: true, cell: (r) => formatMoney(r.totalCents), csv: (r) => centsCsv(r.totalCents) },
            ]}
          />
        }
      />
    </Section>
  );
}

type FunnelRow = FunnelStep & { fromPrevious: number | null };

export function FunnelSection({ result, fileBase }: Props) {
  // Estimates need not come from a request, so only sent and accepted are shares of the step before.
  const rows: FunnelRow[] = result.funnel.map((step, i) => ({ ...step, fromPrevious: i < 2 ? null : percentOf(step.count, result.funnel[i - 1]!.count) }));
  const [requests, estimates, sent, accepted] = result.funnel.map((s) => s.count) as [number, number, number, number];
  const summary = `${countLabel(requests, 'request')} received, ${countLabel(estimates, 'estimate')} created, ${sent} sent and ${accepted} accepted.`;
  return (
    <Section id="funnel" title="Funnel" description="Requests received in the range, then the estimates created in it: how many were sent and accepted. Estimates need not start from a request.">
      <ChartAndTable
        chart={<HorizontalBars order={2} format="count" summary={summary} data={rows.map((r) => ({ key: r.step, label: FUNNEL_LABELS[r.step], value: r.count, color: r.step === 'accepted' ? COLORS.revenue : COLORS.brand }))} labelWidth={150} />}
        table={
          <DataTable<FunnelRow>
            label="Funnel"
            fileName={`${fileBase}-funnel`}
            rows={rows}
            rowKey={(r) => r.step}
            columns={[
              { header: 'Step', cell: (r) => FUNNEL_LABELS[r.step], csv: (r) => FUNNEL_LABELS[r.step] },
              { header: 'Count', numeric: true, cell: (r) => r.count.toLocaleString('en-US'), csv: (r) => r.count },
              { header: 'Of the step before', csvHeader: 'Of the step before (%)', numeric: true, cell: (r) => (r.fromPrevious === null ? '—' : formatPercent(r.fromPrevious)), csv: (r) => (r.fromPrevious === null ? '' : percentCsv(r.fromPrevious)) },
            ]}
          />
        }
      />
    </Section>
  );
}
