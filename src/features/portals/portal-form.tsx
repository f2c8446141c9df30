// The portal's settings, for creating one and on its settings page: kind and customer (when
// creating), name, welcome message, brand colour, which estimates are visible, new requests,
// the e-mailed code for prospect portals, and the expiry. Messages sit at their fields; what
// was typed stays whatever the server answers.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field, Input, Textarea } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { useWorkspace } from '../../db/react';
import { ServerCallError } from '../../lib/server-api';
import { personName, useAccounts, useProspects } from './queries';
import { portalFormSchema, SERVER_FIELDS, type PortalFormInput, type PortalFormValues } from './schemas';
import { VisibleEstimates } from './visible-estimates';

export type PortalForm = UseFormReturn<PortalFormInput, unknown, PortalFormValues>;

export function usePortalForm(defaults: PortalFormInput): PortalForm {
  return useForm<PortalFormInput, unknown, PortalFormValues>({ resolver: zodResolver(portalFormSchema), defaultValues: defaults });
}

/** A refusal of the server at its field; false when it belongs to no field. */
export function showServerError(form: PortalForm, error: unknown): boolean {
  const field = error instanceof ServerCallError && error.details === 'invalid_portal' ? SERVER_FIELDS[error.hint ?? ''] : undefined;
  if (field) form.setError(field, { message: (error as Error).message }, { shouldFocus: true });
  return Boolean(field);
}

function CustomerFields({ form }: { form: PortalForm }) {
  const { orgId } = useWorkspace();
  const accounts = useAccounts(orgId).result ?? [];
  const prospects = useProspects(orgId).result ?? [];
  const kind = form.watch('kind');
  const options = kind === 'customer' ? accounts.map((a) => ({ value: a.id, label: a.name })) : prospects.map((p) => ({ value: p.id, label: personName(p) }));
  const error = form.formState.errors.customerId?.message;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label="Portal for">
        <Select {...form.register('kind', { onChange: () => form.setValue('customerId', '') })} options={[{ value: 'customer', label: 'A customer account (its contacts sign in)' }, { value: 'prospect', label: 'A prospect' }]} />
      </Field>
      <Field label={kind === 'customer' ? 'Account' : 'Prospect'} error={error}>
        <Select {...form.register('customerId')} options={options} placeholder={kind === 'customer' ? 'Choose an account' : 'Choose a prospect'} />
      </Field>
    </div>
  );
}

function Toggle({ form, name, label, hint }: { form: PortalForm; name: 'allowRequests' | 'requireCode'; label: string; hint: string }) {
  return (
    <label className="flex items-start gap-3">
      <input type="checkbox" {...form.register(name)} className="mt-1 size-4 accent-brand-700" />
      <span>
        <span className="block text-sm font-medium text-slate-800">{label}</span>
        <span className="block text-sm text-slate-600">{hint}</span>
      </span>
    </label>
  );
}

export function PortalFormFields({ form, creating }: { form: PortalForm; creating: boolean }) {
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const color = form.watch('brandColor');
  return (
    <div className="flex flex-col gap-5">
      {creating && <CustomerFields form={form} />}
      <Field label="Name" hint="What the customer sees at the top of the portal." error={errors.name?.message}>
        <Input {...form.register('name')} autoComplete="off" />
      </Field>
      <Field label="Welcome message (optional)" error={errors.welcomeMessage?.message}>
        <Textarea {...form.register('welcomeMessage')} rows={3} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Brand colour (optional)" hint="#rrggbb; empty uses the organization's." error={errors.brandColor?.message}>
          <div className="flex items-center gap-2">
            <span aria-hidden="true" className="size-10 shrink-0 rounded-lg ring-1 ring-slate-300" style={{ background: /^#[0-9a-f]{6}$/i.test(color) ? color : 'transparent' }} />
            <Input {...form.register('brandColor')} placeholder="#0f766e" autoComplete="off" spellCheck={false} />
          </div>
        </Field>
        <Field label="Expires on (optional)" hint="Links, codes and sessions stop working after this day." error={errors.expiresOn?.message}>
          <Input {...form.register('expiresOn')} type="date" />
        </Field>
      </div>
      <VisibleEstimates form={form} />
      <div className="flex flex-col gap-3">
        <Toggle form={form} name="allowRequests" label="Customers may request new work" hint="A “Request new work” form in the portal; requests arrive in the request inbox." />
        {kind === 'prospect' && <Toggle form={form} name="requireCode" label="Ask for an e-mailed code" hint="The prospect confirms with a one-time code sent to their e-mail, as account contacts do." />}
      </div>
    </div>
  );
}

export function SubmitRow({ busy, label, problem }: { busy: boolean; label: string; problem: string | null }) {
  return (
    <div className="flex flex-col gap-3">
      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-inset ring-red-200">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={busy} className="self-end">
        {busy ? 'Saving…' : label}
      </Button>
    </div>
  );
}
