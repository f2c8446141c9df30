// CSV import and export of the catalogue. Import validates every row before anything is
// written and reports each problem by row number and column; rows are matched to existing
// products by SKU (an update) or become new products.
import Papa from 'papaparse';
import type { Product } from '../../db/collections/products';
import { formatMoney } from '../../lib/money';
import { centsToAmount } from './money-input';
import { EMPTY_PRODUCT_FORM, productFields, skuKey, toProductValues, type ProductFormValues, type ProductValues } from './schemas';
import { z } from 'zod';

export const CSV_COLUMNS = ['sku', 'name', 'category', 'unit', 'unit_price', 'unit_cost', 'taxable', 'active', 'description'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly CsvColumn[] = ['sku', 'name', 'unit_price'];

/** The product fields each column writes. */
export const FIELDS_OF: Record<CsvColumn, (keyof ProductValues)[]> = {
  sku: ['sku'],
  name: ['name'],
  category: ['category'],
  unit: ['unit'],
  unit_price: ['unit_price_cents'],
  unit_cost: ['unit_cost_cents'],
  taxable: ['taxable'],
  active: ['active'],
  description: ['description'],
};


const ALIASES: Record<string, CsvColumn> = {
  price: 'unit_price',
  cost: 'unit_cost',
  product: 'name',
  product_name: 'name',
  item: 'name',
};

const FORM_FIELD: Record<CsvColumn, keyof ProductFormValues> = {
  sku: 'sku',
  name: 'name',
  category: 'category',
  unit: 'unit',
  unit_price: 'unitPrice',
  unit_cost: 'unitCost',
  taxable: 'taxable',
  active: 'active',
  description: 'description',
};
const COLUMN_OF = Object.fromEntries(Object.entries(FORM_FIELD).map(([column, field]) => [field, column])) as Record<keyof ProductFormValues, CsvColumn>;

type RowProblem = { row: number; field: string; message: string };

export type ImportRow = {
  /** The spreadsheet row: the header is row 1. */
  row: number;
  values: ProductValues;
  /** Columns the file has; an update changes only these. */
  columns: readonly CsvColumn[];
  /** The existing product this row updates, matched by SKU. */
  existingId: string | null;
  /** For an update: what changes, as the catalogue shows it (the SKU's spelling is kept). */
  changes: FieldChange[];
};

type FieldChange = { column: CsvColumn; from: string; to: string };

export type ImportPlan = {
  rows: number;
  /** Rows that create a product or change one; a row equal to its product is left out. */
  valid: ImportRow[];
  /** Valid rows whose product already has exactly these values. */
  unchanged: number;
  problems: RowProblem[];
  invalidRows: number;
};

function headerKey(header: string): string {
  const key = header.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return ALIASES[key] ?? key;
}

// Spreadsheets run cells that start with = + - @ as formulas; the export prefixes them with a
// quote (escapeFormulae), so the import takes that quote off again.
function cell(text: string | undefined): string {
  const value = text ?? '';
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

function parseFlag(text: string, fallback: boolean): boolean | null {
  const value = text.trim().toLowerCase();
  if (value === '') return fallback;
  if (['true', 'yes', 'y', '1'].includes(value)) return true;
  if (['false', 'no', 'n', '0'].includes(value)) return false;
  return null;
}

const rowSchema = z.object(productFields);

function shown(column: CsvColumn, values: Partial<ProductValues>): string {
  const [field] = FIELDS_OF[column];
  const value = values[field!];
  if (column === 'unit_price' || column === 'unit_cost') return value === null || value === undefined ? '—' : formatMoney(value as number);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value ?? '') || '—';
}

/** The columns of `row` whose values differ from the product's, old and new as shown. */
function changesOf(columns: readonly CsvColumn[], values: ProductValues, product: ProductValues): FieldChange[] {
  return columns
    .filter((c) => c !== 'sku' && FIELDS_OF[c].some((f) => values[f] !== product[f]))
    .map((column) => ({ column, from: shown(column, product), to: shown(column, values) }));
}

export function planImport(text: string, existing: readonly Product[]): ImportPlan {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const records = parsed.data;
  const problems: RowProblem[] = [];
  const headerIndex = records.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerIndex === -1) return { rows: 0, valid: [], unchanged: 0, problems: [{ row: 1, field: 'file', message: 'The file is empty' }], invalidRows: 0 };

  const headers = records[headerIndex]!.map(headerKey);
  const known = new Set<string>(CSV_COLUMNS);
  const columns = CSV_COLUMNS.filter((c) => headers.includes(c));
  const missing = REQUIRED_COLUMNS.filter((c) => !headers.includes(c));
  const headerRow = headerIndex + 1;
  for (const column of missing) problems.push({ row: headerRow, field: column, message: `The header has no ${column} column` });
  headers.forEach((h, i) => {
    if (h !== '' && !known.has(h)) problems.push({ row: headerRow, field: records[headerIndex]![i]!.trim(), message: `Unknown column (expected ${CSV_COLUMNS.join(', ')})` });
    else if (h !== '' && headers.indexOf(h) !== i) problems.push({ row: headerRow, field: h, message: 'This column appears twice' });
  });
  if (problems.length > 0) return { rows: 0, valid: [], unchanged: 0, problems, invalidRows: 0 };

  const bySku = new Map(existing.filter((p) => p.sku.trim() !== '').map((p) => [skuKey(p.sku), p]));
  const seen = new Map<string, number>();
  const valid: ImportRow[] = [];
  let rows = 0;
  let invalidRows = 0;
  let unchanged = 0;

  for (let i = headerIndex + 1; i < records.length; i++) {
    const record = records[i]!;
    if (record.every((c) => c.trim() === '')) continue;
    rows++;
    const row = i + 1;
    const rowProblems: RowProblem[] = [];
    const raw = (column: CsvColumn) => cell(record[headers.indexOf(column)]);
    if (record.length > headers.length && record.slice(headers.length).some((c) => c.trim() !== '')) {
      rowProblems.push({ row, field: 'row', message: `More cells than the header has columns (${headers.length})` });
    }
    const flags: Partial<Record<'taxable' | 'active', boolean>> = {};
    for (const column of ['taxable', 'active'] as const) {
      const value = columns.includes(column) ? parseFlag(raw(column), true) : true;
      if (value === null) rowProblems.push({ row, field: column, message: 'Use yes or no (true/false, 1/0)' });
      else flags[column] = value;
    }
    const form: ProductFormValues = {
      ...EMPTY_PRODUCT_FORM,
      ...Object.fromEntries(columns.filter((c) => c !== 'taxable' && c !== 'active').map((c) => [FORM_FIELD[c], raw(c)])),
      taxable: flags.taxable ?? true,
      active: flags.active ?? true,
    };
    const result = rowSchema.safeParse(form);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = COLUMN_OF[issue.path[0] as keyof ProductFormValues] ?? String(issue.path[0]);
        rowProblems.push({ row, field, message: issue.message });
      }
    }
    const sku = form.sku.trim();
    if (sku === '') rowProblems.push({ row, field: 'sku', message: 'Every imported row needs a SKU (rows are matched by SKU)' });
    else if (seen.has(skuKey(sku))) rowProblems.push({ row, field: 'sku', message: `SKU ${sku} is already on row ${seen.get(skuKey(sku))}` });
    else seen.set(skuKey(sku), row);

    if (rowProblems.length > 0 || !result.success) {
      invalidRows++;
      problems.push(...rowProblems);
      continue;
    }
    const values = toProductValues(result.data);
    const product = bySku.get(skuKey(values.sku));
    const changes = product ? changesOf(columns, values, product) : [];
    if (product && changes.length === 0) unchanged++;
    else valid.push({ row, columns, existingId: product?.id ?? null, values, changes });
  }
  if (rows === 0) problems.push({ row: headerRow + 1, field: 'file', message: 'The file has a header but no product rows' });
  return { rows, valid, unchanged, problems, invalidRows };
}

export function productsToCsv(products: readonly Product[]): string {
  const rows = products.map((p) => [
    p.sku,
    p.name,
    p.category,
    p.unit,
    centsToAmount(p.unit_price_cents),
    centsToAmount(p.unit_cost_cents),
    p.taxable ? 'yes' : 'no',
    p.active ? 'yes' : 'no',
    p.description,
  ]);
  return Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { escapeFormulae: true, newline: '\r\n' });
}

export function exportFileName(now = new Date()): string {
  return `products-${now.toISOString().slice(0, 10)}.csv`;
}
