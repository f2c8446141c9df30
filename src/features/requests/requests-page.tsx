// /requests: anyone can ask for an estimate. ?org={slug} names the organization; without it
// the request goes to the deployment's default (VITE_DEFAULT_REQUEST_ORG, else the first
// organization). A filed request shows its reference.
import { FileQuestion, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { useRequestOrganization } from './queries';
import { RequestForm } from './request-form';
import { RequestHeading } from './request-heading';
import { RequestSuccess } from './request-success';
import { orgSlugSchema, type RequestAnswer } from './schemas';

const DEFAULT_ORG = (import.meta.env.VITE_DEFAULT_REQUEST_ORG as string | undefined)?.trim() || null;

/** The slug to file to: the URL's (if well formed), the build's default, or none (the first organization). */
export function requestSlug(param: string | null, fallback: string | null = DEFAULT_ORG): { slug: string | null; valid: boolean } {
  if (param === null || param === '') return { slug: fallback, valid: true };
  const parsed = orgSlugSchema.safeParse(param.trim().toLowerCase());
  return parsed.success ? { slug: parsed.data, valid: true } : { slug: null, valid: false };
}

export function RequestsPage() {
  const [params] = useSearchParams();
  const { slug, valid } = requestSlug(params.get('org'));
  const organization = useRequestOrganization(slug);
  const [filed, setFiled] = useState<{ answer: RequestAnswer; name: string; email: string } | null>(null);
  const [round, setRound] = useState(0);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Request an estimate</h1>
        <p className="mt-1 text-base text-slate-700">Tell us about your project. We reply with questions or an estimate, usually within two working days.</p>
      </div>
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        {!valid || (organization.isSuccess && organization.data === null) ? (
          <Unknown />
        ) : organization.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-700">
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" /> Loading…
          </p>
        ) : organization.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p className="text-base text-slate-800">Connection issue. Please check your internet and try again.</p>
            <Button onClick={() => void organization.refetch()}>Try again</Button>
          </div>
        ) : (
          <div className="flex flex-col gap-6">
            <RequestHeading organization={organization.data!} />
            {filed ? (
              <RequestSuccess {...filed} onAnother={() => (setFiled(null), setRound((r) => r + 1))} />
            ) : (
              <RequestForm key={round} slug={slug} onFiled={(answer, values) => setFiled({ answer, name: values.name, email: values.email })} />
            )}
          </div>
        )}
      </div>
    </div>
  );
}

function Unknown() {
  return (
    <div className="flex flex-col items-start gap-3">
      <FileQuestion aria-hidden="true" className="size-10 text-slate-500" />
      <h2 className="text-xl font-semibold text-slate-900">We could not find this business</h2>
      <p className="text-base text-slate-700">The link you followed may be mistyped or out of date. Please ask the business for its current request link.</p>
    </div>
  );
}
