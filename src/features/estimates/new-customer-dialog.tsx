// Create the estimate's customer on the spot: a company account or a person (prospect).
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { useWorkspace } from '../../db/react';
import { toastError } from '../../lib/toast-store';
import { createCustomer } from './commands';
import { checkNewCustomer, type NewCustomerField, type NewCustomerInput } from './new-customer-schema';

const EMPTY: NewCustomerInput = { kind: 'account', name: '', firstName: '', lastName: '', email: '' };

function useNewCustomerForm(onCreated: (kind: 'account' | 'prospect', id: string) => void) {
  const { db, orgId, userId } = useWorkspace();
  const [input, setInput] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<NewCustomerField, string>>>({});
  // Editing a field clears its own message (a person's two names share one).
  const set = (patch: Partial<NewCustomerInput>, field?: NewCustomerField) => {
    setInput((i) => ({ ...i, ...patch }));
    setErrors((e) => (patch.kind ? {} : field ? { ...e, [field]: undefined } : e));
  };
  const submit = async () => {
    const checked = checkNewCustomer(input);
    if (!checked.ok) return setErrors(checked.errors);
    try {
      const created = await createCustomer(db, orgId, userId, checked.value);
      setInput({ ...EMPTY, kind: input.kind });
      setErrors({});
      onCreated(checked.value.kind, created.id);
    } catch (e) {
      toastError(e);
    }
  };
  return { input, errors, set, submit };
}

export function NewCustomerDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (kind: 'account' | 'prospect', id: string) => void }) {
  const { input, errors, set, submit } = useNewCustomerForm(onCreated);
  const actions = (
    <>
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button onClick={() => void submit()}>Create customer</Button>
    </>
  );
  return (
    <Dialog open={open} onClose={onClose} title="New customer" description="Saved on this device and synced with the estimate." actions={actions}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label="Kind">
          <Select
            value={input.kind}
            onChange={(e) => set({ kind: e.target.value as NewCustomerInput['kind'] })}
            options={[
              { value: 'account', label: 'Company account' },
              { value: 'prospect', label: 'Person (prospect)' },
            ]}
          />
        </Field>
        {input.kind === 'account' ? (
          <Field label="Company name" error={errors.name ?? null}>
            <Input value={input.name} onChange={(e) => set({ name: e.target.value }, 'name')} invalid={!!errors.name} />
          </Field>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name" error={errors.firstName ?? null}>
                <Input value={input.firstName} onChange={(e) => set({ firstName: e.target.value }, 'firstName')} invalid={!!errors.firstName} />
              </Field>
              <Field label="Last name">
                <Input value={input.lastName} onChange={(e) => set({ lastName: e.target.value }, 'firstName')} />
              </Field>
            </div>
            <Field label="E-mail" error={errors.email ?? null}>
              <Input type="email" value={input.email} onChange={(e) => set({ email: e.target.value }, 'email')} invalid={!!errors.email} />
            </Field>
          </>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
