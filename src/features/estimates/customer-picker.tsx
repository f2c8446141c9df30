// Customer of an estimate: an account (company) or a prospect (person), picked from one list,
// or created on the spot.
import { UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Combobox, type ComboboxItem } from '../../components/ui/combobox';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import type { Account } from '../../db/collections/accounts';
import type { Prospect } from '../../db/collections/prospects';
import { useWorkspace } from '../../db/react';
import { toastError } from '../../lib/toast-store';
import { customerDisplayName } from '../../db/customer-name';
import { createCustomer } from './commands';

export type CustomerRef = { account_id: string | null; prospect_id: string | null };

function customerItems(accounts: readonly Account[], prospects: readonly Prospect[]): ComboboxItem[] {
  return [
    ...accounts.map((a) => ({ value: `account:${a.id}`, label: customerDisplayName(a), detail: 'Account' })),
    ...prospects.map((p) => ({ value: `prospect:${p.id}`, label: customerDisplayName(p), detail: 'Prospect' })),
  ];
}

export function CustomerPicker({
  value,
  accounts,
  prospects,
  onChange,
  disabled,
}: {
  value: CustomerRef;
  accounts: readonly Account[];
  prospects: readonly Prospect[];
  onChange: (value: CustomerRef) => Promise<unknown>;
  disabled?: boolean;
}) {
  const [creating, setCreating] = useState(false);
  const items = useMemo(() => customerItems(accounts, prospects), [accounts, prospects]);
  const selected = value.account_id ? `account:${value.account_id}` : value.prospect_id ? `prospect:${value.prospect_id}` : null;
  const pick = (picked: string | null) => {
    const [kind, id] = (picked ?? ':').split(':');
    onChange({ account_id: kind === 'account' ? id! : null, prospect_id: kind === 'prospect' ? id! : null }).catch((e: unknown) => toastError(e));
  };
  return (
    <div className="flex items-end gap-2">
      <Field label="Customer" className="min-w-0 flex-1">
        {disabled ? (
          <Input value={items.find((i) => i.value === selected)?.label ?? ''} disabled />
        ) : (
          <Combobox items={items} value={selected} onChange={pick} placeholder="Search accounts and prospects" emptyText="No customer matches. Create one with New customer." />
        )}
      </Field>
      {!disabled && (
        <Button variant="secondary" icon={<UserPlus aria-hidden="true" className="size-4" />} onClick={() => setCreating(true)}>
          New customer
        </Button>
      )}
      <NewCustomerDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(kind, id) => {
          setCreating(false);
          pick(`${kind}:${id}`);
        }}
      />
    </div>
  );
}

function NewCustomerDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (kind: 'account' | 'prospect', id: string) => void }) {
  const { db, orgId, userId } = useWorkspace();
  const [kind, setKind] = useState<'account' | 'prospect'>('account');
  const [name, setName] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (kind === 'account' && !name.trim()) return setError('Enter the company name');
    if (kind === 'prospect' && !firstName.trim() && !lastName.trim()) return setError('Enter a name');
    if (kind === 'prospect' && email.trim() && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim())) return setError('Enter a valid e-mail address');
    try {
      const created = await createCustomer(
        db,
        orgId,
        userId,
        kind === 'account' ? { kind, name: name.trim() } : { kind, firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim() },
      );
      setName('');
      setFirstName('');
      setLastName('');
      setEmail('');
      setError(null);
      onCreated(kind, created.id);
    } catch (e) {
      toastError(e);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New customer"
      description="Saved on this device and synced with the estimate."
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()}>Create customer</Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label="Kind">
          <Select
            value={kind}
            onChange={(e) => setKind(e.target.value as 'account' | 'prospect')}
            options={[
              { value: 'account', label: 'Company account' },
              { value: 'prospect', label: 'Person (prospect)' },
            ]}
          />
        </Field>
        {kind === 'account' ? (
          <Field label="Company name" error={error}>
            <Input value={name} onChange={(e) => setName(e.target.value)} invalid={error !== null} />
          </Field>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name">
                <Input value={firstName} onChange={(e) => setFirstName(e.target.value)} />
              </Field>
              <Field label="Last name">
                <Input value={lastName} onChange={(e) => setLastName(e.target.value)} />
              </Field>
            </div>
            <Field label="E-mail" error={error}>
              <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} invalid={error !== null} />
            </Field>
          </>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
