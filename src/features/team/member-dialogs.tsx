// Confirmations for the changes that lock someone out, and the ownership transfer, which asks
// for the owner's password again (the server checks it).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/field';
import type { Profile } from '../../db/collections/profiles';
import { memberName } from './members-table';
import { useTransferOwnership } from './queries';
import { teamErrorMessage, transferFormSchema, WRONG_PASSWORD_MESSAGE, type TransferFormValues } from './schemas';
import { ServerCallError } from '../../lib/server-api';

export type Pending = { kind: 'disable' | 'remove'; member: Profile };

export function ConfirmMemberDialog({ pending, busy, onConfirm, onClose }: { pending: Pending | null; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const name = pending ? memberName(pending.member) : '';
  const disable = pending?.kind === 'disable';
  return (
    <Dialog
      open={pending !== null}
      onClose={onClose}
      size="sm"
      title={disable ? `Disable ${name}?` : `Remove ${name} from the team?`}
      description={
        disable
          ? 'They are signed out on every device at once and cannot use the organization until you enable them again.'
          : 'They are signed out on every device and lose access. Invite them again to bring them back.'
      }
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" disabled={busy} onClick={onConfirm}>
            {disable ? 'Disable' : 'Remove'}
          </Button>
        </>
      }
    />
  );
}

export function TransferDialog({ member, onDone, onClose }: { member: Profile | null; onDone: () => void; onClose: () => void }) {
  const transfer = useTransferOwnership();
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useForm<TransferFormValues>({ resolver: zodResolver(transferFormSchema), defaultValues: { password: '' } });
  const close = () => {
    reset();
    onClose();
  };
  const onSubmit = handleSubmit(async ({ password }) => {
    if (!member) return;
    try {
      await transfer.mutateAsync({ profileId: member.id, password });
      reset();
      onDone();
    } catch (error) {
      const message = teamErrorMessage(error);
      const atField = message === WRONG_PASSWORD_MESSAGE || (error instanceof ServerCallError && error.status === 429);
      setError(atField ? 'password' : 'root', { message });
    }
  });
  const name = member ? memberName(member) : '';
  return (
    <Dialog
      open={member !== null}
      onClose={close}
      title={`Make ${name} the owner?`}
      description="They get every right, including transferring ownership again. You become an admin. Enter your password to confirm."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Transfer ownership">
        <Field label="Your password" error={errors.password?.message}>
          <Input {...register('password')} type="password" autoComplete="current-password" invalid={Boolean(errors.password)} />
        </Field>
        {errors.root && (
          <p role="alert" className="text-sm text-red-700">
            {errors.root.message}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={isSubmitting}>
            {isSubmitting ? 'Transferring…' : 'Transfer ownership'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
