// The catalogue as a table: price, cost and margin per product; owners and admins get a menu
// to edit, deactivate or reactivate each one.
import { EllipsisVertical, Pencil, Power, PowerOff } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { MarginText } from '../../components/ui/margin-text';
import { Menu } from '../../components/ui/menu';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '../../components/ui/table';
import type { Product } from '../../db/collections/products';
import { computeMargin, formatMoney } from '../../lib/money';

function ProductRow({
  product: p,
  editable,
  refusal,
  onEdit,
  onToggle,
}: {
  product: Product;
  editable: boolean;
  refusal: string | undefined;
  onEdit: () => void;
  onToggle: () => void;
}) {
  return (
    <TableRow className={p.active ? undefined : 'bg-slate-50/60'}>
      <TableCell className="hidden font-mono text-xs whitespace-nowrap text-slate-600 xl:table-cell">{p.sku || '—'}</TableCell>
      <TableCell className="min-w-40">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{p.name}</span>
          {!p.active && <Badge>Inactive</Badge>}
          {refusal !== undefined && (
            <Badge tone="danger" className="cursor-help">
              <span title={refusal}>Not saved to the server</span>
            </Badge>
          )}
        </div>
        <div className="mt-0.5 text-xs text-slate-500 xl:hidden">
          {[p.sku, p.category].filter(Boolean).join(' · ') || 'No SKU or category'}
        </div>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap xl:table-cell">{p.category || <span className="text-slate-400">—</span>}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {formatMoney(p.unit_price_cents)}
        <span className="text-xs text-slate-500"> / {p.unit}</span>
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {p.unit_cost_cents === null ? <span className="text-slate-400">—</span> : formatMoney(p.unit_cost_cents)}
      </TableCell>
      <TableCell>
        <MarginText margin={computeMargin(p.unit_price_cents, p.unit_cost_cents)} />
      </TableCell>
      {editable && (
        <TableCell className="w-12 py-1 text-right">
          <Menu
            buttonLabel={`Actions for ${p.name}`}
            buttonClassName="min-h-11 min-w-11 justify-center text-slate-600 hover:bg-slate-100"
            button={<EllipsisVertical aria-hidden="true" className="size-5" />}
            entries={[
              { kind: 'action', label: 'Edit', icon: <Pencil aria-hidden="true" />, onSelect: onEdit },
              p.active
                ? { kind: 'action', label: 'Deactivate', icon: <PowerOff aria-hidden="true" />, onSelect: onToggle, danger: true }
                : { kind: 'action', label: 'Reactivate', icon: <Power aria-hidden="true" />, onSelect: onToggle },
            ]}
          />
        </TableCell>
      )}
    </TableRow>
  );
}

export function ProductTable({
  rows,
  editable,
  refusals,
  onEdit,
  onToggle,
}: {
  rows: readonly Product[];
  editable: boolean;
  refusals: ReadonlyMap<string, string>;
  onEdit: (product: Product) => void;
  onToggle: (product: Product) => void;
}) {
  return (
    <Table>
      <TableColumns columns={[{ label: 'SKU', className: 'hidden xl:table-cell' }, 'Name', { label: 'Category', className: 'hidden xl:table-cell' }, { label: 'Unit price', className: 'text-right' }, { label: 'Unit cost', className: 'text-right' }, 'Margin']} actions={editable} />
      <TableBody>
        {rows.map((p) => (
          <ProductRow key={p.id} product={p} editable={editable} refusal={refusals.get(p.id)} onEdit={() => onEdit(p)} onToggle={() => onToggle(p)} />
        ))}
      </TableBody>
    </Table>
  );
}
