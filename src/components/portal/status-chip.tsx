import { cx } from '../ui/cx';
import { TONE_CLASSES, type Tone } from './format';

export function StatusChip({ text, tone, testId }: { text: string; tone: Tone; testId?: string }) {
  return (
    <span data-testid={testId} className={cx('inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', TONE_CLASSES[tone])}>
      {text}
    </span>
  );
}
