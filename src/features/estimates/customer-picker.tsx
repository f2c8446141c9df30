// Customer of an estimate: an account (company) or a prospect (person), picked from one list,
// or created on the spot.
import { UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Combobox, type ComboboxItem } from '../../components/ui/combobox';
import { Field, Input } from '../../components/ui/field';
import type { Account } from '../../db/collections/accounts';
import type { Prospect } from '../../db/collections/prospects';
import { toastError } from '../../lib/toast-store';
import { customerDisplayName } from '../../db/customer-name';
import { NewCustomerDialog } from './new-customer-dialog';

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
