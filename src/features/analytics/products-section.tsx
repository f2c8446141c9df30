// Top products of the accepted work, by revenue and (staff who see margins) by margin.
import { MarginText } from '../../components/ui/margin-text';
import { formatMoney } from '../../lib/money';
import { HorizontalBars, COLORS } from './charts';
import { centsCsv, percentCsv } from './csv';
import { ChartAndTable, DataTable, Section, type TableColumn } from './data-table';
import type { AnalyticsResult, ProductRow } from './summarize';

type Props = { result: AnalyticsResult; fileBase: string };

const name: TableColumn<ProductRow> = { header: 'Product', wrap: true, cell: (p) => p.name, csv: (p) => p.name };
const estimates: TableColumn<ProductRow> = { header: 'Estimates', numeric: true, cell: (p) => p.estimates.toLocaleString('en-US'), csv: (p) => p.estimates };
const revenue: TableColumn<ProductRow> = { header: 'Revenue', csvHeader: 'Revenue (USD)', numeric: true, cell: (p) => formatMoney(p.revenueCents), csv: (p) => centsCsv(p.revenueCents) };
const cost: TableColumn<ProductRow> = { header: 'Cost', csvHeader: 'Cost (USD)', numeric: true, cell: (p) => formatMoney(p.costCents ?? 0), csv: (p) => centsCsv(p.costCents) };
// The table shows '$4,933.00 (37.0%)' in one cell; the CSV has the amount and the % apart.
const margin: TableColumn<ProductRow>[] = [
  { header: 'Margin', csvHeader: 'Margin (USD)', numeric: true, cell: (p) => <MarginText margin={p} />, csv: (p) => (p.marginCents === null ? 'N/A' : centsCsv(p.marginCents)) },
  { header: 'Margin %', csvOnly: true, cell: () => null, csv: (p) => percentCsv(p.marginPercent) },
];

const DESCRIPTION = 'Lines of the accepted estimates of the range: price after line and estimate discounts, before tax. Free-form lines are grouped by their name.';

export function TopProductsSection({ result, fileBase }: Props) {
  const rows = result.topByRevenue;
  const summary = rows.length === 0 ? 'No accepted work in this range.' : `${rows[0]!.name} leads with ${formatMoney(rows[0]!.revenueCents)}.`;
  const columns = result.withMargins ? [name, estimates, revenue, ...margin] : [name, estimates, revenue];
  return (
    <Section id="top-revenue" title="Top products by revenue" description={DESCRIPTION}>
      <ChartAndTable
        chart={<HorizontalBars order={4} format="money" summary={summary} labelWidth={180} data={rows.map((p) => ({ key: p.key, label: p.name, value: p.revenueCents, color: COLORS.brand }))} />}
        table={<ProductTable label="Top products by revenue" fileName={`${fileBase}-top-products-by-revenue`} rows={rows} columns={columns} />}
      />
    </Section>
  );
}

export function TopMarginSection({ rows, fileBase }: { rows: ProductRow[]; fileBase: string }) {
  const summary = rows.length === 0 ? 'No accepted product with margin data in this range.' : `${rows[0]!.name} earned the most margin: ${formatMoney(rows[0]!.marginCents!)}.`;
  return (
    <Section id="top-margin" title="Top products by margin" description={`${DESCRIPTION} Products without a cost have no margin data and are left out.`}>
      <ChartAndTable
        chart={<HorizontalBars order={5} format="money" summary={summary} labelWidth={180} data={rows.map((p) => ({ key: p.key, label: p.name, value: p.marginCents ?? 0, color: COLORS.margin }))} />}
        table={<ProductTable label="Top products by margin" fileName={`${fileBase}-top-products-by-margin`} rows={rows} columns={[name, revenue, cost, ...margin]} />}
      />
    </Section>
  );
}

function ProductTable({ label, fileName, rows, columns }: { label: string; fileName: string; rows: ProductRow[]; columns: TableColumn<ProductRow>[] }) {
  return <DataTable<ProductRow> label={label} fileName={fileName} rows={rows} rowKey={(p) => p.key} columns={columns} empty="No accepted work in this range." />;
}
