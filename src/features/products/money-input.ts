// Dollar amounts typed by people (in the form or a CSV cell) ↔ integer cents, without floats.

const MAX_UNIT_CENTS = 99_999_999_999;

export type MoneyParse = { ok: true; cents: number } | { ok: false; message: string };

/** '1,250.5', '$12', '0.99' → cents; negatives, more than two decimals and junk are refused. */
export function parseMoney(text: string, label: string): MoneyParse {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (/^-/.test(text.trim()) || /^-/.test(cleaned)) return { ok: false, message: `${label} can't be negative` };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || (match[1] === '' && !match[2])) return { ok: false, message: `${label} must be an amount like 12.50` };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, message: `${label} can have at most 2 decimals` };
  const cents = Number(whole || '0') * 100 + Number((fraction + '00').slice(0, 2));
  if (!Number.isSafeInteger(cents) || cents > MAX_UNIT_CENTS) return { ok: false, message: `${label} is too large` };
  return { ok: true, cents };
}

/** Cents → the plain amount a form or CSV shows: 125050 → '1250.50'. */
export function centsToAmount(cents: number | null): string {
  if (cents === null) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
