// After the decision: the receipt of an acceptance (what was accepted, the total, the
// signature, who and when, the fingerprint of the accepted version), or what the customer
// answered. No further actions; the receipt prints.
import { CircleCheck, MessageSquareDiff, Printer, XCircle } from 'lucide-react';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { Button } from '../../../../components/ui/button';
import { isSignatureImage } from '../../../../lib/signature';
import { formatMoney } from '../../../../lib/money';
import { Moment } from '../../../../components/portal/moment';
import type { CustomerEstimate, Decision } from '../schemas';

export function Outcome({ estimate, decision, focus }: { estimate: CustomerEstimate; decision: Decision; focus?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const org = estimate.organization.name;
  return (
    <section aria-labelledby="outcome-heading" data-testid="outcome" data-kind={decision.kind} className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 print:break-inside-avoid print:p-0 print:shadow-none print:ring-0">
      {decision.kind === 'accepted' && (
        <>
          <Title icon={<CircleCheck aria-hidden="true" className="size-6 text-emerald-700" />} ref={heading}>
            Accepted — thank you!
          </Title>
          <p className="text-base text-slate-700">
            {decision.name} accepted this estimate{decision.at && <> on <Moment at={decision.at} style="long" /></>}. {org} has been told and will be in touch about the next steps.
          </p>
          <Receipt estimate={estimate} decision={decision} />
          <Button variant="secondary" size="lg" className="print:hidden" icon={<Printer aria-hidden="true" className="size-5" />} onClick={() => window.print()}>
            Print or save as PDF
          </Button>
        </>
      )}
      {decision.kind === 'declined' && (
        <>
          <Title icon={<XCircle aria-hidden="true" className="size-6 text-slate-600" />} ref={heading}>
            You declined this estimate
          </Title>
          <p className="text-base text-slate-700">{decision.at && <>On <Moment at={decision.at} style="long" />. </>}Thank you for letting us know.</p>
          <Quote label="Your reason" text={decision.reason} />
        </>
      )}
      {(decision.kind === 'changes_requested' || decision.kind === 'update_requested') && (
        <>
          <Title icon={<MessageSquareDiff aria-hidden="true" className="size-6 text-amber-700" />} ref={heading}>
            {decision.kind === 'changes_requested' ? 'You asked for changes' : 'You asked for an updated estimate'}
          </Title>
          <p className="text-base text-slate-700">
            {decision.at && <>On <Moment at={decision.at} style="long" />. </>}
            {org} will send you an updated estimate by e-mail.
          </p>
          <Quote label="Your message" text={decision.message} />
        </>
      )}
    </section>
  );
}

function Title({ icon, children, ref }: { icon: ReactNode; children: ReactNode; ref: Ref<HTMLHeadingElement> }) {
  return (
    <h2 id="outcome-heading" ref={ref} tabIndex={-1} className="flex items-center gap-2 text-xl font-semibold text-slate-900 focus:outline-none">
      {icon}
      {children}
    </h2>
  );
}

function Quote({ label, text }: { label: string; text: string }) {
  return (
    <figure className="rounded-xl bg-slate-50 p-4">
      <figcaption className="text-sm font-medium text-slate-600">{label}</figcaption>
      <blockquote className="mt-1 text-base break-words whitespace-pre-wrap text-slate-900">{text}</blockquote>
    </figure>
  );
}

function Receipt({ estimate, decision }: { estimate: CustomerEstimate; decision: Extract<Decision, { kind: 'accepted' }> }) {
  const included = estimate.snapshot.items.filter((i) => !i.optional || i.selected);
  return (
    <dl data-testid="receipt" className="grid gap-x-6 gap-y-3 text-base sm:grid-cols-[auto_1fr]">
      <dt className="text-slate-600">Estimate</dt>
      <dd className="text-slate-900">
        {estimate.number}
        {decision.version_number ? `, version ${decision.version_number}` : ''}
      </dd>
      <dt className="text-slate-600">Accepted</dt>
      <dd className="text-slate-900">
        <ul className="list-inside list-disc">
          {included.map((i) => (
            <li key={i.id}>{i.name}</li>
          ))}
        </ul>
      </dd>
      <dt className="text-slate-600">Total</dt>
      <dd data-testid="accepted-total" className="font-semibold text-slate-900 tabular-nums">
        {formatMoney(decision.total_cents ?? estimate.snapshot.estimate.total_cents)}
      </dd>
      <dt className="text-slate-600">Signed by</dt>
      <dd className="text-slate-900">
        {decision.name}
        {decision.at && <>, <Moment at={decision.at} style="long" /></>}
      </dd>
      <dt className="text-slate-600">Signature</dt>
      <dd className="flex flex-col gap-1">
        {isSignatureImage(decision.signature) && (
          <img src={decision.signature} alt={`Signature of ${decision.name}`} className="h-24 max-w-full rounded-lg bg-white object-contain object-left ring-1 ring-slate-200" />
        )}
        <span className="text-sm text-slate-600">{decision.signature_method === 'typed' ? 'Signed by typing the full name' : 'Drawn by hand'}</span>
      </dd>
      <dt className="text-slate-600">Fingerprint</dt>
      <dd className="font-mono text-sm break-all text-slate-600" title="SHA-256 of exactly what was accepted">
        {decision.sha256}
      </dd>
    </dl>
  );
}
