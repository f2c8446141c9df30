// Invite by e-mail with a role: the server mails the link through the outbox (the dev mailbox
// in local mode). Refusals land at the field; an address outside the inviter's domain gets a note.
import { zodResolver } from '@hookform/resolvers/zod';
import { MailPlus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { toast } from '../../lib/toast-store';
import { useCreateInvite } from './queries';
import { ASSIGNABLE_ROLES, domainNote, inviteFormSchema, isAlreadyMember, ROLE_LABELS, ROLE_SUMMARIES, teamErrorMessage, type InviteFormInput, type InviteFormValues } from './schemas';

export function InviteForm({ orgId, ownEmail }: { orgId: string; ownEmail: string }) {
  const create = useCreateInvite(orgId);
  const { register, handleSubmit, control, setError, reset, formState: { errors, isSubmitting } } = useForm<InviteFormInput, unknown, InviteFormValues>({ resolver: zodResolver(inviteFormSchema), defaultValues: { email: '', role: 'sales' } });
  const email = useWatch({ control, name: 'email' });
  const role = useWatch({ control, name: 'role' });
  const note = errors.email ? null : domainNote(email, ownEmail);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const invite = await create.mutateAsync(values);
      reset({ email: '', role: values.role });
      toast({ tone: 'success', description: `Invitation sent to ${invite.email}. The link works for 7 days.` });
    } catch (error) {
      const message = teamErrorMessage(error);
      if (isAlreadyMember(error)) setError('email', { message: `${values.email} is already a member of the team.` });
      else setError('root', { message });
    }
  });

  return (
    <section aria-labelledby="invite-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="invite-heading" className="text-base font-semibold text-slate-900">
        Invite a colleague
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] md:items-start" aria-label="Invite a colleague">
        <Field label="E-mail address" error={errors.email?.message} hint={note ?? undefined}>
          <Input {...register('email')} type="email" autoComplete="off" inputMode="email" placeholder="name@company.com" invalid={Boolean(errors.email)} />
        </Field>
        <Field label="Role" error={errors.role?.message}>
          <Select {...register('role')} options={ASSIGNABLE_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))} />
        </Field>
        <Button type="submit" disabled={isSubmitting} icon={<MailPlus aria-hidden="true" className="size-4" />} className="md:mt-7">
          {isSubmitting ? 'Sending…' : 'Send invite'}
        </Button>
      </form>
      <p className="mt-2 text-sm text-slate-600">
        {ROLE_LABELS[role as keyof typeof ROLE_SUMMARIES]}: {ROLE_SUMMARIES[role as keyof typeof ROLE_SUMMARIES]}.
      </p>
      {errors.root && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errors.root.message}
        </p>
      )}
    </section>
  );
}
