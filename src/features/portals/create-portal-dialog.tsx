// Creating a portal (from /portals, or from an account or a prospect through ?create=): the
// server creates it with its first link, and the portal's page opens with that link shown.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/ui/dialog';
import { useWorkspace } from '../../db/react';
import { describeError } from '../../lib/errors';
import { PortalFormFields, showServerError, SubmitRow, usePortalForm } from './portal-form';
import { useCreatePortal } from './queries';
import type { PortalFormInput } from './schemas';

export type CreateStart = { kind: 'customer' | 'prospect'; customerId: string; name?: string };

function blankPortal(start: CreateStart): PortalFormInput {
  return {
    kind: start.kind, customerId: start.customerId, name: start.name ?? '', welcomeMessage: '', brandColor: '',
    showAll: true, visibleEstimateIds: [], allowRequests: true, requireCode: false, expiresOn: '',
  };
}

export function CreatePortalDialog({ start, onClose }: { start: CreateStart | null; onClose: () => void }) {
  return (
    <Dialog open={start !== null} onClose={onClose} title="New portal" description="A place of their own for a customer account's contacts or a prospect: estimates, timeline, conversation and requests." size="lg">
      {start && <CreateForm start={start} />}
    </Dialog>
  );
}

function CreateForm({ start }: { start: CreateStart }) {
  const { orgId } = useWorkspace();
  const navigate = useNavigate();
  const form = usePortalForm(blankPortal(start));
  const create = useCreatePortal();
  const [problem, setProblem] = useState<string | null>(null);
  const [id] = useState(() => crypto.randomUUID());
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const issued = await create.mutateAsync({ id, orgId, values });
      navigate(`/portals/${id}`, { state: { issued: { token: issued.token, kind: values.kind } } });
    } catch (error) {
      if (!showServerError(form, error)) setProblem(describeError(error).userMessage);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex max-h-[70vh] flex-col gap-5 overflow-y-auto pr-1">
      <PortalFormFields form={form} creating />
      <SubmitRow busy={form.formState.isSubmitting} label="Create portal" problem={problem} />
    </form>
  );
}
