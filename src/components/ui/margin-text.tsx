import { formatMargin, marginTone, type MarginTone } from '../../lib/money';
import { cx } from './cx';

const TONES: Record<MarginTone, string> = {
  green: 'text-emerald-700',
  yellow: 'text-amber-700',
  red: 'text-red-700',
  none: 'text-slate-500',
};

const DOTS: Record<MarginTone, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-400',
  red: 'bg-red-500',
  none: 'hidden',
};

const TONE_NAMES: Record<MarginTone, string> = {
  green: 'healthy margin',
  yellow: 'thin margin',
  red: 'low margin',
  none: 'no margin data',
};

/**
 * A margin as SPEC §9 shows it ('$1,250.00 (31.3%)' or 'N/A') in its tone colour; the colour
 * is named for screen readers too, since colour alone carries no meaning for them. The
 * `data-margin-tone` element holds exactly the printed figure. Staff screens only.
 */
export function MarginText({
  margin,
  className,
}: {
  margin: { marginCents: number | null; marginPercent: number | null } | null;
  className?: string;
}) {
  const tone = marginTone(margin?.marginPercent ?? null);
  return (
    <span className={cx('inline-flex items-center gap-1.5 font-medium whitespace-nowrap tabular-nums', TONES[tone], className)}>
      <span aria-hidden="true" className={cx('size-2 shrink-0 rounded-full', DOTS[tone])} />
      <span data-margin-tone={tone}>{formatMargin(margin)}</span>
      {tone !== 'none' && <span className="sr-only">, {TONE_NAMES[tone]}</span>}
    </span>
  );
}
