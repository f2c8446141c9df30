import { cx } from '../../components/ui/cx';
import { passwordStrength, type PasswordStrength } from './password-rules';

const LEVELS: Record<PasswordStrength, { value: number; label: string; bar: string; text: string }> = {
  weak: { value: 1, label: 'Weak', bar: 'bg-red-500', text: 'text-red-700' },
  fair: { value: 2, label: 'Fair', bar: 'bg-amber-500', text: 'text-amber-700' },
  good: { value: 3, label: 'Good', bar: 'bg-lime-600', text: 'text-lime-700' },
  strong: { value: 4, label: 'Strong', bar: 'bg-emerald-600', text: 'text-emerald-700' },
};

export function PasswordStrengthMeter({ password }: { password: string }) {
  const strength = passwordStrength(password);
  const level = LEVELS[strength];
  return (
    <div className="flex items-center gap-3" data-testid="password-strength" data-strength={strength}>
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={password ? level.value : 0}
        aria-valuetext={password ? level.label : 'No password yet'}
        className="grid flex-1 grid-cols-4 gap-1.5"
      >
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className={cx('h-1.5 rounded-full', password && step <= level.value ? level.bar : 'bg-slate-200')} />
        ))}
      </div>
      <span className={cx('w-14 text-right text-xs font-medium', password ? level.text : 'text-slate-400')} aria-hidden="true">
        {password ? level.label : ''}
      </span>
    </div>
  );
}
