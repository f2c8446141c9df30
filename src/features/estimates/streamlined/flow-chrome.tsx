// The flow's frame: where you are (step indicator) and, at the bottom within thumb reach, the
// running total (with margin on the rep's steps only) and Back / Next.
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import type { Totals } from '../../../lib/money';
import { formatMoney } from '../../../lib/money';
import { MarginText } from '../../../components/ui/margin-text';
import { STEPS, stepIndex, type StepId } from './steps';

export function StepIndicator({ step, onGo }: { step: StepId; onGo: (step: StepId) => void }) {
  const current = stepIndex(step);
  return (
    <nav aria-label="Steps">
      <ol className="grid grid-cols-5 gap-1.5">
        {STEPS.map((s, i) => (
          <li key={s.id}>
            <button
              type="button"
              onClick={() => onGo(s.id)}
              aria-current={i === current ? 'step' : undefined}
              className={cx(
                'flex min-h-12 w-full items-center justify-center gap-2 rounded-xl px-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-brand-600',
                i === current ? 'bg-brand-700 text-white shadow-sm' : i < current ? 'bg-brand-50 text-brand-800 hover:bg-brand-100' : 'bg-white text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50',
              )}
            >
              <span
                aria-hidden="true"
                className={cx('flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold', i === current ? 'bg-white text-brand-800' : i < current ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-600')}
              >
                {i < current ? <Check className="size-3.5" /> : i + 1}
              </span>
              <span className="truncate">{s.label}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function FlowBar({
  totals,
  showMargin,
  onBack,
  primary,
}: {
  totals: Totals;
  showMargin: boolean;
  onBack: (() => void) | null;
  primary: ReactNode;
}) {
  return (
    <div role="region" aria-label="Flow actions" className="sticky bottom-0 z-10 -mx-4 mt-auto border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur md:-mx-6 md:px-6 lg:-mx-8 lg:px-8">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-1 flex-col text-sm leading-tight">
          <span>
            <span className="text-slate-500">Total </span>
            <span data-testid="flow-total" className="text-lg font-semibold text-slate-900 tabular-nums">
              {formatMoney(totals.total)}
            </span>
          </span>
          {showMargin && (
            <span data-testid="flow-margin">
              <span className="text-slate-500">Margin </span>
              <MarginText margin={totals} />
            </span>
          )}
        </div>
        <div className="flex gap-2">
          {onBack && (
            <Button variant="secondary" size="lg" onClick={onBack} icon={<ArrowLeft aria-hidden="true" className="size-5" />}>
              Back
            </Button>
          )}
          {primary}
        </div>
      </div>
    </div>
  );
}

export function NextButton({ onClick, label = 'Next' }: { onClick: () => void; label?: string }) {
  return (
    <Button size="lg" onClick={onClick} className="min-w-32">
      {label} <ArrowRight aria-hidden="true" className="size-5" />
    </Button>
  );
}
