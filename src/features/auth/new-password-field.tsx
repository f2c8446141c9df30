// Choosing a password (sign-up, invitation, recovery, settings): the rules of SPEC.md §5 are
// checked as the user types, not only after submitting, with the strength meter below.
import { useWatch, type Control, type FieldValues, type Path, type UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../components/ui/field';
import { PasswordInput } from './password-input';
import { passwordMessage } from './password-rules';
import { PasswordStrengthMeter } from './password-strength-meter';

type Props<T extends FieldValues> = {
  label: string;
  control: Control<T>;
  field: UseFormRegisterReturn<Path<T>>;
  /** The form's own message for the field (e.g. the server's refusal), shown when the rules are met. */
  error?: string | undefined;
  /** Spell the rules out under the meter. */
  showRules?: boolean;
  disabled?: boolean;
};

export function NewPasswordField<T extends FieldValues>({ label, control, field, error, showRules = false, disabled }: Props<T>) {
  const password: unknown = useWatch({ control, name: field.name });
  const hint = typeof password === 'string' && password ? passwordMessage(password) : '';
  return (
    <div className="flex flex-col gap-2">
      <Field label={label} error={hint || error}>
        <PasswordInput {...field} autoComplete="new-password" disabled={disabled} />
      </Field>
      <PasswordStrengthMeter password={typeof password === 'string' ? password : ''} />
      {showRules && <p className="text-xs text-slate-500">8 to 128 characters with upper and lower case letters, a number and a special character.</p>}
    </div>
  );
}
