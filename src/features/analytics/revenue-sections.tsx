// Accepted revenue by month, and how long customers take to open and to accept.
import { formatMoney } from '../../lib/money';
import { ColumnBars, COLORS } from './charts';
import { centsCsv } from './csv';
import { ChartAndTable, DataTable, Section } from './data-table';
import { countLabel, formatDuration, monthLabel, shortMonth } from './format';
import type { AnalyticsResult, Durations, MonthRow } from './summarize';

type Props = { result: AnalyticsResult; fileBase: string };

export function RevenueSection({ result, fileBase }: Props) {
  const { revenue } = result;
  const best = [...revenue.byMonth].sort((a, b) => b.revenueCents - a.revenueCents)[0];
  const summary =
    revenue.accepted === 0
      ? 'No accepted estimate in this range.'
      : `${formatMoney(revenue.revenueCents)} accepted over ${countLabel(revenue.byMonth.length, 'month')}; the best month is ${monthLabel(best!.month)} with ${formatMoney(best!.revenueCents)}.`;
  return (
    <Section id="revenue" title="Accepted revenue by month" description="Price before tax (subtotal less discount) of the accepted estimates, in the month they were accepted.">
      <ChartAndTable
        chart={<ColumnBars order={1} format="money" summary={summary} data={revenue.byMonth.map((m) => ({ key: m.month, label: monthLabel(m.month), short: shortMonth(m.month), value: m.revenueCents, color: COLORS.revenue, detail: `${formatMoney(m.revenueCents)} · ${countLabel(m.accepted, 'estimate')}` }))} />}
        table={
          <DataTable<MonthRow>
            label="Accepted revenue by month"
            fileName={`${fileBase}-revenue-by-month`}
            rows={revenue.byMonth}
            rowKey={(m) => m.month}
            columns={[
              { header: 'Month', cell: (m) => monthLabel(m.month), csv: (m) => m.month },
              { header: 'Accepted', numeric: true, cell: (m) => m.accepted.toLocaleString('en-US'), csv: (m) => m.accepted },
              { header: 'Revenue', csvHeader: 'Revenue (USD)', numeric: true, cell: (m) => formatMoney(m.revenueCents), csv: (m) => centsCsv(m.revenueCents) },
            ]}
          />
        }
      />
    </Section>
  );
}

type TimingRow = { key: string; label: string; durations: Durations };

export function TimingSection({ result, fileBase }: Props) {
  const rows: TimingRow[] = [
    { key: 'view', label: 'Sent → first view', durations: result.timeToView },
    { key: 'accept', label: 'Sent → accepted', durations: result.timeToAccept },
  ];
  const hours = (ms: number | null) => (ms === null ? '' : (ms / 3_600_000).toFixed(1));
  return (
    <Section id="timing" title="Time to view and to accept" description="From sending an estimate to the customer's first view, and to acceptance; half the estimates took less than the median, nine in ten less than the 90th percentile.">
      <DataTable<TimingRow>
        label="Time to view and to accept"
        fileName={`${fileBase}-timing`}
        rows={rows}
        rowKey={(r) => r.key}
        columns={[
          { header: 'Measure', cell: (r) => r.label, csv: (r) => r.label },
          { header: 'Estimates', numeric: true, cell: (r) => r.durations.count.toLocaleString('en-US'), csv: (r) => r.durations.count },
          { header: 'Median', csvHeader: 'Median (hours)', numeric: true, cell: (r) => formatDuration(r.durations.medianMs), csv: (r) => hours(r.durations.medianMs) },
          { header: '90th percentile', csvHeader: '90th percentile (hours)', numeric: true, cell: (r) => formatDuration(r.durations.p90Ms), csv: (r) => hours(r.durations.p90Ms) },
        ]}
      />
    </Section>
  );
}
