// Dates and quantities as the customer reads them (en-US).
const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const QUANTITY = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** A calendar day (YYYY-MM-DD), the same everywhere in the world. */
export function formatDay(day: string | null): string {
  return day ? LONG_DATE.format(new Date(`${day}T00:00:00Z`)) : '';
}

export function formatShortDay(day: string | null): string {
  return day ? SHORT_DATE.format(new Date(`${day}T00:00:00Z`)) : '';
}

export function formatQuantity(quantity: number, unit: string): string {
  return `${QUANTITY.format(quantity)}${unit && unit !== 'each' ? ` ${unit}` : ''}`;
}

export function formatPercent(value: number): string {
  return `${PERCENT.format(value)}%`;
}

/** Only images this page can show under its security policy: data URLs and our own paths. */
export function safeImageSource(value: string): string | null {
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(value)) return value;
  if (/^\/[^/\\]/.test(value)) return value;
  return null;
}
