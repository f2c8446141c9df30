// Organization settings (owners and admins): details, logo, brand colour and the defaults new
// estimates start from. Saved on this device and synced; existing estimates keep their values.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field, Input, Textarea } from '../../components/ui/field';
import type { Organization } from '../../db/collections/organizations';
import { useWorkspace } from '../../db/react';
import { toast, toastError } from '../../lib/toast-store';
import { saveOrganization } from './commands';
import { BrandColorField, LogoField } from './organization-fields';
import { organizationFormSchema, type OrganizationFormInput, type OrganizationFormValues } from './schemas';

function inputOf(org: Organization): OrganizationFormInput {
  return {
    name: org.name,
    address: org.address,
    phone: org.phone,
    logo: org.logo,
    brand_color: org.brand_color,
    estimate_prefix: org.estimate_prefix,
    default_validity_days: String(org.default_validity_days),
    default_tax_rate: String(org.default_tax_rate),
    default_terms: org.default_terms,
  };
}

export function OrganizationForm({ org, editable }: { org: Organization; editable: boolean }) {
  const { db } = useWorkspace();
  const { register, handleSubmit, control, reset, formState: { errors, isSubmitting, isDirty } } = useForm<OrganizationFormInput, unknown, OrganizationFormValues>({ resolver: zodResolver(organizationFormSchema), defaultValues: inputOf(org) });
  const prefix = useWatch({ control, name: 'estimate_prefix' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await saveOrganization(db, org.id, values);
      reset(inputOf(saved));
      toast({ tone: 'success', description: 'Organization settings saved. New estimates use them; existing estimates keep theirs.' });
    } catch (error) {
      toastError(error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Organization settings" className="flex flex-col gap-5">
      <fieldset disabled={!editable} className="grid gap-5 md:grid-cols-2">
        <Field label="Organization name" error={errors.name?.message}>
          <Input {...register('name')} autoComplete="organization" />
        </Field>
        <Field label="Phone" error={errors.phone?.message}>
          <Input {...register('phone')} type="tel" autoComplete="tel" />
        </Field>
        <Field label="Address" error={errors.address?.message} className="md:col-span-2">
          <Textarea {...register('address')} rows={2} autoComplete="street-address" className="min-h-16" />
        </Field>
        <div className="md:col-span-2">
          <Controller control={control} name="logo" render={({ field }) => <LogoField value={field.value} onChange={field.onChange} error={errors.logo?.message} disabled={!editable} />} />
        </div>
        <Controller control={control} name="brand_color" render={({ field }) => <BrandColorField value={field.value} onChange={field.onChange} error={errors.brand_color?.message} disabled={!editable} />} />
        <div className="flex flex-col gap-1.5">
          <Field label="Estimate number prefix" error={errors.estimate_prefix?.message}>
            <Input {...register('estimate_prefix')} className="font-mono" autoComplete="off" />
          </Field>
          {!errors.estimate_prefix && <p className="text-sm text-slate-500">New estimates are numbered like {prefix.trim()}000123.</p>}
        </div>
        <Field label="Estimates are valid for (days)" error={errors.default_validity_days?.message}>
          <Input {...register('default_validity_days')} inputMode="numeric" autoComplete="off" />
        </Field>
        <Field label="Default tax rate (%)" error={errors.default_tax_rate?.message}>
          <Input {...register('default_tax_rate')} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field label="Default terms" error={errors.default_terms?.message} className="md:col-span-2">
          <Textarea {...register('default_terms')} rows={4} />
        </Field>
      </fieldset>
      {editable && (
        <div className="flex flex-wrap items-center justify-end gap-3">
          <p className="text-sm text-slate-500">Changes apply to new estimates only.</p>
          <Button type="button" variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => reset(inputOf(org))}>
            Discard changes
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save organization'}
          </Button>
        </div>
      )}
    </form>
  );
}
