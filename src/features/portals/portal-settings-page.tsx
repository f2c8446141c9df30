// /portals/{id}/settings: everything of the portal that staff set (owners and admins), and
// rotating, revoking or deleting it.
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import type { Portal } from '../../db/collections/portals';
import { can, useWorkspace } from '../../db/react';
import { describeError } from '../../lib/errors';
import { toast } from '../../lib/toast-store';
import { DangerZone } from './danger-zone';
import { PortalFormFields, showServerError, SubmitRow, usePortalForm } from './portal-form';
import { usePortal, useUpdatePortal } from './queries';
import type { PortalFormInput } from './schemas';

function valuesOf(p: Portal): PortalFormInput {
  let chosen: string[] = [];
  try {
    chosen = JSON.parse(p.visible_estimate_ids) as string[];
  } catch {
    chosen = [];
  }
  return {
    kind: p.kind, customerId: (p.kind === 'customer' ? p.account_id : p.prospect_id) ?? '', name: p.name, welcomeMessage: p.welcome_message,
    brandColor: p.brand_color, showAll: p.show_all_estimates, visibleEstimateIds: chosen, allowRequests: p.allow_requests,
    requireCode: p.require_code, expiresOn: p.expires_at ? new Date(p.expires_at).toLocaleDateString('en-CA') : '',
  };
}

function SettingsForm({ portal }: { portal: Portal }) {
  const form = usePortalForm(valuesOf(portal));
  const update = useUpdatePortal(portal.id);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await update.mutateAsync(values);
      form.reset(values as unknown as PortalFormInput);
      toast({ tone: 'success', description: 'The portal settings are saved.' });
    } catch (error) {
      if (!showServerError(form, error)) setProblem(describeError(error).userMessage);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <PortalFormFields form={form} creating={false} />
      <SubmitRow busy={form.formState.isSubmitting} label="Save settings" problem={problem} />
    </form>
  );
}

export function PortalSettingsPage() {
  const { id = '' } = useParams();
  const { role } = useWorkspace();
  const portal = usePortal(id);
  if (portal.loading && portal.result === undefined) return <Spinner label="Loading the portal…" />;
  if (!portal.result) return <EmptyState title="Portal not found" headingLevel="h1">It may have been deleted.</EmptyState>;
  if (!can(role, 'managePortals')) return <EmptyState title="Only owners and admins change portals" headingLevel="h1">You can view and send this portal from its page.</EmptyState>;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Link to={`/portals/${id}`} className={buttonClasses('ghost', 'sm', 'self-start')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {portal.result.name}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Portal settings</h1>
      </header>
      <SettingsForm key={portal.result.id} portal={portal.result} />
      <DangerZone portal={portal.result} />
    </div>
  );
}
