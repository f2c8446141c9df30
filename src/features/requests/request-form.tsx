// The request form: who is asking and what they need. Messages sit at their fields and what
// was typed stays, whatever the server answers; a hidden field catches bots.
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field, Input, Textarea } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { ServerCallError } from '../../lib/server-api';
import { tooManyRequestsMessage } from '../../lib/send-until-answered';
import { describeError } from '../../lib/errors';
import { useSubmitRequest } from './queries';
import { BUDGET_RANGES, requestFormSchema, SERVER_FIELDS, type RequestAnswer, type RequestFormInput, type RequestFormValues } from './schemas';
import { FormProblem } from './form-problem';

const EMPTY: RequestFormInput = { name: '', email: '', phone: '', company: '', description: '', desiredStart: '', budgetRange: '', website: '' };

export function RequestForm({ slug, onFiled }: { slug: string | null; onFiled: (answer: RequestAnswer, values: RequestFormValues) => void }) {
  const { register, handleSubmit, setError, formState } = useForm<RequestFormInput, unknown, RequestFormValues>({ resolver: zodResolver(requestFormSchema), defaultValues: EMPTY });
  const { errors } = formState;
  const [retrying, setRetrying] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const submit = useSubmitRequest(setRetrying);

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    key.current ??= crypto.randomUUID();
    try {
      const answer = await submit.mutateAsync({ key: key.current, slug, values });
      if (!answer) return setProblem('We could not find the business this form belongs to. Please check the link you followed.');
      key.current = null;
      onFiled(answer, values);
    } catch (error) {
      key.current = null;
      const limited = tooManyRequestsMessage(error);
      const field = error instanceof ServerCallError && error.details === 'invalid_request' ? SERVER_FIELDS[error.hint ?? ''] : undefined;
      if (limited) setProblem(limited);
      else if (field) setError(field, { message: (error as Error).message }, { shouldFocus: true });
      else setProblem(describeError(error).userMessage);
    } finally {
      setRetrying(0);
    }
  });

  const busy = formState.isSubmitting;
  return (
    <form noValidate aria-label="Request an estimate" onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Your name" error={errors.name?.message}>
          <Input {...register('name')} autoComplete="name" invalid={Boolean(errors.name)} />
        </Field>
        <Field label="E-mail" error={errors.email?.message}>
          <Input {...register('email')} type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} invalid={Boolean(errors.email)} />
        </Field>
        <Field label="Phone (optional)" error={errors.phone?.message}>
          <Input {...register('phone')} type="tel" autoComplete="tel" invalid={Boolean(errors.phone)} />
        </Field>
        <Field label="Company (optional)" error={errors.company?.message}>
          <Input {...register('company')} autoComplete="organization" invalid={Boolean(errors.company)} />
        </Field>
      </div>
      <Field label="What do you need?" hint="The work, the place, sizes or quantities if you know them." error={errors.description?.message}>
        <Textarea {...register('description')} rows={5} invalid={Boolean(errors.description)} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Desired start (optional)" error={errors.desiredStart?.message}>
          <Input {...register('desiredStart')} type="date" min={new Date().toISOString().slice(0, 10)} invalid={Boolean(errors.desiredStart)} />
        </Field>
        <Field label="Budget (optional)" error={errors.budgetRange?.message}>
          <Select {...register('budgetRange')} options={BUDGET_RANGES} placeholder="Choose a range" invalid={Boolean(errors.budgetRange)} />
        </Field>
      </div>
      {/* Off screen and out of the tab order: people never fill it in, some bots do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Website (leave empty)
          <input {...register('website')} type="text" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <FormProblem retrying={busy ? retrying : 0} problem={problem} />
      <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={busy} icon={<Send aria-hidden="true" className="size-5" />}>
        {busy ? 'Sending…' : 'Send request'}
      </Button>
    </form>
  );
}
