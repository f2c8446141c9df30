// Asks why, before a move that closes something: a prospect won or lost, a request dismissed.
// The reason is required (the server refuses the change without one); the typed text stays
// when the form is sent empty or too long.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Textarea } from '../../components/ui/field';
import { reasonSchema, type ReasonValues } from './schemas';

export type ReasonRequest = { title: string; description: string; label: string; confirm: string; suggestions?: readonly string[] };

export function ReasonDialog({ ask, onCancel, onConfirm }: { ask: ReasonRequest | null; onCancel: () => void; onConfirm: (reason: string) => void }) {
  return (
    <Dialog open={ask !== null} onClose={onCancel} title={ask?.title ?? ''} description={ask?.description}>
      {ask && <ReasonForm key={ask.title} ask={ask} onCancel={onCancel} onConfirm={onConfirm} />}
    </Dialog>
  );
}

function ReasonForm({ ask, onCancel, onConfirm }: { ask: ReasonRequest; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const { register, handleSubmit, setValue, formState: { errors } } = useForm<ReasonValues>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  return (
    <form noValidate onSubmit={handleSubmit((v) => onConfirm(v.reason))} className="flex flex-col gap-4">
      <Field label={ask.label} error={errors.reason?.message}>
        <Textarea {...register('reason')} className="min-h-20" autoFocus />
      </Field>
      {ask.suggestions && ask.suggestions.length > 0 && (
        <div className="flex flex-wrap gap-2" aria-label="Common reasons" role="group">
          {ask.suggestions.map((s) => (
            <Button key={s} size="sm" variant="secondary" onClick={() => setValue('reason', s, { shouldValidate: true })}>
              {s}
            </Button>
          ))}
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{ask.confirm}</Button>
      </div>
    </form>
  );
}
