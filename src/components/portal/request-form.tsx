// Asking for new work from inside a portal: prefilled with the person's details; what was
// typed stays at its field with any message. The request is queued on this device and sent
// (now, or once back online) by the portal's outbox.
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../ui/button';
import { Field, Input, Textarea } from '../ui/field';
import { Select } from '../ui/select';
import type { PortalHome, RequestFields } from '../../lib/portal-api';
import { BUDGET_RANGES, portalRequestFormSchema, type PortalRequestInput, type PortalRequestValues } from './request-schema';

function prefill(contact: PortalHome['contact']): PortalRequestInput {
  return {
    name: contact ? `${contact.first_name} ${contact.last_name}`.trim() : '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    company: contact?.company ?? '',
    description: '',
    desiredStart: '',
    budgetRange: '',
  };
}

function toFields(values: PortalRequestValues): RequestFields {
  return {
    name: values.name, email: values.email, phone: values.phone, company: values.company,
    description: values.description, desired_start: values.desiredStart || null, budget_range: values.budgetRange,
  };
}

export function PortalRequestForm({ contact, onSubmit }: { contact: PortalHome['contact']; onSubmit: (fields: RequestFields) => Promise<void> }) {
  const { register, handleSubmit, formState } = useForm<PortalRequestInput, unknown, PortalRequestValues>({ resolver: zodResolver(portalRequestFormSchema), defaultValues: prefill(contact) });
  const { errors } = formState;
  const submit = handleSubmit((values) => onSubmit(toFields(values)));
  return (
    <form noValidate aria-label="Request new work" onSubmit={submit} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Your name" error={errors.name?.message}>
          <Input {...register('name')} autoComplete="name" />
        </Field>
        <Field label="E-mail" error={errors.email?.message}>
          <Input {...register('email')} type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} />
        </Field>
        <Field label="Phone (optional)" error={errors.phone?.message}>
          <Input {...register('phone')} type="tel" autoComplete="tel" />
        </Field>
        <Field label="Company (optional)" error={errors.company?.message}>
          <Input {...register('company')} autoComplete="organization" />
        </Field>
      </div>
      <Field label="What do you need?" hint="The work, the place, sizes or quantities if you know them." error={errors.description?.message}>
        <Textarea {...register('description')} rows={5} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Desired start (optional)" error={errors.desiredStart?.message}>
          <Input {...register('desiredStart')} type="date" min={new Date().toISOString().slice(0, 10)} />
        </Field>
        <Field label="Budget (optional)" error={errors.budgetRange?.message}>
          <Select {...register('budgetRange')} options={BUDGET_RANGES} placeholder="Choose a range" />
        </Field>
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={formState.isSubmitting} icon={<Send aria-hidden="true" className="size-5" />}>
        {formState.isSubmitting ? 'Sending…' : 'Send request'}
      </Button>
    </form>
  );
}
