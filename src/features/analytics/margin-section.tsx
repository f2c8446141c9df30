// The distribution of margin % over the estimates of the range (staff who see margins only).
import { marginTone } from '../../lib/money';
import { ColumnBars, COLORS } from './charts';
import { ChartAndTable, DataTable, Section } from './data-table';
import { countLabel, formatPercent } from './format';
import type { MarginBucket, MarginSummary } from './summarize';

const TONE_COLORS = { red: COLORS.red, yellow: COLORS.amber, green: COLORS.green, none: COLORS.muted };

export function MarginSection({ margin, fileBase }: { margin: MarginSummary; fileBase: string }) {
  const summary =
    margin.withData === 0
      ? 'No estimate in this range has margin data.'
      : `Average margin ${formatPercent(margin.averagePercent)} over ${countLabel(margin.withData, 'estimate')}; ${margin.withoutData} without margin data.`;
  return (
    <Section
      id="margin"
      title="Margin distribution"
      description={
        <>
          {summary} Estimates without a cost or a price have no margin data (N/A) and are left out. Green from 40%, yellow from 20%, red below.
        </>
      }
    >
      <ChartAndTable
        chart={<ColumnBars order={3} format="count" summary={summary} data={margin.buckets.map((b) => ({ key: b.label, label: b.label, short: b.max === null ? `${b.min}%+` : b.min === null ? `< ${b.max}%` : b.label, value: b.count, color: TONE_COLORS[marginTone(b.min ?? -1)], detail: countLabel(b.count, 'estimate') }))} />}
        table={
          <DataTable<MarginBucket>
            label="Margin distribution"
            fileName={`${fileBase}-margin-distribution`}
            rows={margin.buckets}
            rowKey={(b) => b.label}
            columns={[
              { header: 'Margin', cell: (b) => b.label, csv: (b) => b.label },
              { header: 'Estimates', numeric: true, cell: (b) => b.count.toLocaleString('en-US'), csv: (b) => b.count },
            ]}
          />
        }
      />
    </Section>
  );
}
