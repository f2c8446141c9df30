// The member's own profile in this organization: name and phone (synced like any document).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { useWorkspace } from '../../db/react';
import { toast, toastError } from '../../lib/toast-store';
import { saveProfile } from './commands';
import { profileFormSchema, type ProfileFormValues } from './schemas';

export function ProfileForm() {
  const { db, profile } = useWorkspace();
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name, phone: profile.phone },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await saveProfile(db, profile.id, values);
      reset({ first_name: saved.first_name, last_name: saved.last_name, phone: saved.phone });
      toast({ tone: 'success', description: 'Your profile was saved.' });
    } catch (error) {
      toastError(error);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Your profile" className="flex flex-col gap-4">
      <div className="grid gap-4 md:grid-cols-3">
        <Field label="First name" error={errors.first_name?.message}>
          <Input {...register('first_name')} autoComplete="given-name" />
        </Field>
        <Field label="Last name" error={errors.last_name?.message}>
          <Input {...register('last_name')} autoComplete="family-name" />
        </Field>
        <Field label="Phone" error={errors.phone?.message}>
          <Input {...register('phone')} type="tel" autoComplete="tel" />
        </Field>
      </div>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? 'Saving…' : 'Save profile'}
      </Button>
    </form>
  );
}
