// Create or edit an account; every message beside its field, the typed input kept.
import { zodResolver } from '@hookform/resolvers/zod';
import type { InputHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Textarea } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import type { Account } from '../../db/collections/accounts';
import { useWorkspace } from '../../db/react';
import { FormActions, useSave } from '../../components/ui/form-actions';
import { createAccount, updateAccount } from './commands';
import { accountFormSchema, formValuesOf, type AccountFormValues, type AccountValues } from './schemas';

type Owners = readonly { value: string; label: string }[];

export function AccountDialog({ open, account, owners, onClose }: { open: boolean; account: Account | null; owners: Owners; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} size="lg" title={account ? `Edit ${account.name}` : 'New account'}>
      {open && <AccountForm key={account?.id ?? 'new'} account={account} owners={owners} onDone={onClose} />}
    </Dialog>
  );
}

function AccountForm({ account, owners, onDone }: { account: Account | null; owners: Owners; onDone: () => void }) {
  const { db, orgId, userId } = useWorkspace();
  const { saving, save } = useSave(onDone);
  const { register, handleSubmit, formState: { errors } } = useForm<AccountFormValues, unknown, AccountValues>({
    resolver: zodResolver(accountFormSchema),
    defaultValues: { ...formValuesOf(account), ...(account ? {} : { owner_id: userId }) },
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit((values) =>
    save(async () => {
      if (account) await updateAccount(db, account.id, values);
      else await createAccount(db, { orgId, userId }, values);
      return account ? `Saved ${values.name}.` : `Added the account ${values.name}.`;
    }),
  );
  const text = (name: keyof AccountFormValues, label: string, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field label={label} error={errors[name]?.message}>
      <Input {...register(name)} autoComplete="off" invalid={Boolean(errors[name])} {...(props as object)} />
    </Field>
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label={account ? 'Edit account' : 'New account'} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', 'Company name')}
        {text('industry', 'Industry')}
        {text('email', 'E-mail', { type: 'email', inputMode: 'email' })}
        {text('phone', 'Phone', { type: 'tel', inputMode: 'tel' })}
        {text('website', 'Website', { inputMode: 'url', placeholder: 'harborcafe.com' })}
        <Field label="Owner">
          <Select {...register('owner_id')} placeholder="No owner" options={owners} />
        </Field>
        {text('tags', 'Tags', { placeholder: 'commercial, repeat' })}
      </div>
      <Field label="Billing address" error={errors.billing_address?.message}>
        <Textarea {...register('billing_address')} className="min-h-16" />
      </Field>
      <Field label="Notes" error={errors.notes?.message}>
        <Textarea {...register('notes')} className="min-h-20" />
      </Field>
      <FormActions onCancel={onDone} submit={account ? 'Save changes' : 'Add account'} saving={saving} />
    </form>
  );
}
