// Every analytics table exports what it shows as CSV: the same columns, money as plain dollars
// (12.50), percentages as numbers, 'N/A' where the table says so.
import Papa from 'papaparse';

export type CsvValue = string | number | null;

/** Cells a spreadsheet would run as a formula are quoted with a leading '; negative numbers are left alone. */
const FORMULA = /^([=+@\t\r]|-(?![\d.]))/;

export function toCsv(headers: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return Papa.unparse({ fields: [...headers], data: rows.map((row) => row.map((cell) => (cell === null ? '' : cell))) }, { escapeFormulae: FORMULA });
}

export function centsCsv(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

export function percentCsv(percent: number | null): string {
  return percent === null ? 'N/A' : percent.toFixed(1);
}
