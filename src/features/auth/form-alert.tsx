import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../components/ui/cx';

const TONES = {
  error: { box: 'bg-red-50 text-red-800 ring-red-200', icon: CircleAlert },
  info: { box: 'bg-amber-50 text-amber-900 ring-amber-200', icon: Info },
  success: { box: 'bg-emerald-50 text-emerald-900 ring-emerald-200', icon: CircleCheck },
} as const;

export function FormAlert({ tone = 'error', children, testId }: { tone?: keyof typeof TONES; children: ReactNode; testId?: string }) {
  const { box, icon: Icon } = TONES[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} data-testid={testId} className={cx('flex gap-2.5 rounded-lg p-3 text-sm ring-1 ring-inset', box)}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
