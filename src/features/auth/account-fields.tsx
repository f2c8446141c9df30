// Fields that several auth forms share: who the person is (first and last name) and how they
// sign in (e-mail or phone). A Field that shows an error marks its control invalid itself.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Input } from '../../components/ui/field';

export function IdentifierField({ field, error }: { field: UseFormRegisterReturn; error?: string }) {
  return (
    <Field label="Email or phone number" error={error}>
      <Input {...field} type="text" inputMode="email" autoComplete="username" autoCapitalize="none" spellCheck={false} placeholder="you@company.com" />
    </Field>
  );
}

type NameFieldsProps = { first: UseFormRegisterReturn; last: UseFormRegisterReturn; errors: { first?: string; last?: string } };

export function NameFields({ first, last, errors }: NameFieldsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label="First name" error={errors.first}>
        <Input {...first} autoComplete="given-name" />
      </Field>
      <Field label="Last name" error={errors.last}>
        <Input {...last} autoComplete="family-name" />
      </Field>
    </div>
  );
}
