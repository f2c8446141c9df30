// Create or edit a prospect: every message beside its field, the typed input kept, and a
// warning (not a refusal) when the e-mail is already another prospect's.
import { zodResolver } from '@hookform/resolvers/zod';
import type { InputHTMLAttributes } from 'react';
import { useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Textarea } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { emailKey, type Prospect } from '../../db/collections/prospects';
import { useLiveQuery, useWorkspace } from '../../db/react';
import { FormActions, useSave } from '../../components/ui/form-actions';
import { createProspect, updateProspect } from './commands';
import { needsReason, personName, SOURCE_LABEL, SOURCES, STAGE, STAGES } from './pipeline';
import { prospectsWithEmailKey } from './queries';
import { formValuesOf, prospectFormSchema, type ProspectFormValues, type ProspectValues } from './schemas';
import type { Team } from './use-team';

type Options = { team: Team; accounts: readonly { value: string; label: string }[] };

export function ProspectDialog({ open, prospect, options, onClose }: { open: boolean; prospect: Prospect | null; options: Options; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} size="lg" title={prospect ? `Edit ${personName(prospect)}` : 'New prospect'}>
      {open && <ProspectForm key={prospect?.id ?? 'new'} prospect={prospect} options={options} onDone={onClose} />}
    </Dialog>
  );
}

/** Another prospect with the typed e-mail, if any (read on the e-mail key index). */
function useDuplicate(email: string, exceptId: string | undefined): Prospect | null {
  const { orgId } = useWorkspace();
  const key = emailKey(email);
  const found = useLiveQuery((db) => (key.includes('@') ? prospectsWithEmailKey(db, key) : null), [key]);
  return ((found.result ?? []) as Prospect[]).find((p) => p.org_id === orgId && p.id !== exceptId) ?? null;
}

function TextField({ name, label, register, error, ...props }: { name: keyof ProspectFormValues; label: string; register: UseFormRegister<ProspectFormValues>; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error}>
      <Input {...register(name)} autoComplete="off" invalid={Boolean(error)} {...(props as object)} />
    </Field>
  );
}

function ProspectForm({ prospect, options, onDone }: { prospect: Prospect | null; options: Options; onDone: () => void }) {
  const { db, orgId, userId } = useWorkspace();
  const { saving, save } = useSave(onDone);
  const { register, handleSubmit, control, formState: { errors } } = useForm<ProspectFormValues, unknown, ProspectValues>({
    resolver: zodResolver(prospectFormSchema),
    defaultValues: { ...formValuesOf(prospect), ...(prospect ? {} : { owner_id: userId }) },
    mode: 'onTouched',
  });
  const [email, status] = useWatch({ control, name: ['email', 'status'] });
  const duplicate = useDuplicate(email, prospect?.id);

  const onSubmit = handleSubmit((values) =>
    save(async () => {
      if (prospect) await updateProspect(db, { orgId, userId }, prospect, values);
      else await createProspect(db, { orgId, userId }, values);
      return prospect ? `Saved ${personName(values)}.` : `Added ${personName(values)} to the pipeline.`;
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label={prospect ? 'Edit prospect' : 'New prospect'} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="first_name" label="First name" register={register} error={errors.first_name?.message} />
        <TextField name="last_name" label="Last name" register={register} error={errors.last_name?.message} />
        <div className="flex flex-col gap-1.5">
          <TextField name="email" label="E-mail" register={register} error={errors.email?.message} type="email" inputMode="email" />
          {duplicate && (
            <p role="status" className="text-sm text-amber-800" data-testid="duplicate-warning">
              {personName(duplicate)} already has this e-mail.{' '}
              <Link className="font-medium underline" to={`/prospects?prospect=${duplicate.id}`} onClick={onDone}>
                Open {personName(duplicate)}
              </Link>
            </p>
          )}
        </div>
        <TextField name="phone" label="Phone" register={register} error={errors.phone?.message} type="tel" inputMode="tel" />
        <TextField name="company" label="Company" register={register} error={errors.company?.message} />
        <Field label="Account" error={errors.account_id?.message}>
          <Select {...register('account_id')} placeholder="No account" options={options.accounts} />
        </Field>
        <Field label="Owner" error={errors.owner_id?.message}>
          <Select {...register('owner_id')} placeholder="No owner" options={options.team.options} />
        </Field>
        <Field label="Stage" error={errors.status?.message}>
          <Select {...register('status')} options={STAGES.map((s) => ({ value: s, label: STAGE[s].label }))} />
        </Field>
        {needsReason(status) && <TextField name="status_reason" label={status === 'won' ? 'Why we won' : 'Why we lost'} register={register} error={errors.status_reason?.message} />}
        {!prospect && (
          <Field label="Source">
            <Select {...register('source')} options={SOURCES.filter((s) => s !== 'import').map((s) => ({ value: s, label: SOURCE_LABEL[s] }))} />
          </Field>
        )}
      </div>
      <Field label="Notes" error={errors.notes?.message}>
        <Textarea {...register('notes')} className="min-h-20" />
      </Field>
      <FormActions onCancel={onDone} submit={prospect ? 'Save changes' : 'Add prospect'} saving={saving} />
    </form>
  );
}
