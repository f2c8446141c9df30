// Each owner's estimates, win rate, revenue and (staff who see margins) average margin.
import { cx } from '../../components/ui/cx';
import { formatMoney, marginTone } from '../../lib/money';
import { centsCsv, percentCsv } from './csv';
import { DataTable, Section, type TableColumn } from './data-table';
import { formatPercent } from './format';
import type { AnalyticsResult, OwnerRow } from './summarize';

const TONES = { green: 'text-emerald-700', yellow: 'text-amber-700', red: 'text-red-700', none: 'text-slate-500' };

export function PercentText({ percent }: { percent: number | null }) {
  return <span className={cx('font-medium', TONES[marginTone(percent)])}>{formatPercent(percent)}</span>;
}

const columns: TableColumn<OwnerRow>[] = [
  { header: 'Owner', wrap: true, cell: (o) => o.name, csv: (o) => o.name },
  { header: 'Estimates', numeric: true, cell: (o) => o.estimates.toLocaleString('en-US'), csv: (o) => o.estimates },
  { header: 'Won / decided', numeric: true, cell: (o) => `${o.accepted} / ${o.decided}`, csv: (o) => `${o.accepted}/${o.decided}` },
  { header: 'Win rate', csvHeader: 'Win rate (%)', numeric: true, cell: (o) => formatPercent(o.winRatePercent), csv: (o) => percentCsv(o.winRatePercent) },
  { header: 'Revenue', csvHeader: 'Revenue (USD)', numeric: true, cell: (o) => formatMoney(o.revenueCents), csv: (o) => centsCsv(o.revenueCents) },
];
const marginColumn: TableColumn<OwnerRow> = {
  header: 'Average margin',
  csvHeader: 'Average margin (%)',
  numeric: true,
  cell: (o) => <PercentText percent={o.averageMarginPercent} />,
  csv: (o) => percentCsv(o.averageMarginPercent),
};

export function OwnersSection({ result, fileBase }: { result: AnalyticsResult; fileBase: string }) {
  return (
    <Section id="owners" title="By owner" description="Estimates created in the range per owner: win rate over decided estimates, accepted revenue before tax.">
      <DataTable<OwnerRow>
        label="Estimates by owner"
        fileName={`${fileBase}-by-owner`}
        rows={result.owners}
        rowKey={(o) => o.ownerId ?? 'unassigned'}
        columns={result.withMargins ? [...columns, marginColumn] : columns}
      />
    </Section>
  );
}
