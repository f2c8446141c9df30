// What the customer must know before reading on: a new version arrived while they were
// reading, the estimate is being revised or was withdrawn, or it expired (then they can ask
// for an updated one).
import { CalendarX2, Info, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { UPDATED_MESSAGE } from '../commands';
import { formatDay } from '../format';
import type { CustomerEstimate } from '../schemas';
import { Deferred, FormPlaceholder, TextDecisionForm } from './deferred';

type Props = { token: string; estimate: CustomerEstimate; updated: boolean; onReviewed: () => void; onDecided: (versionId?: string) => void };

export function StatusNotice({ token, estimate, updated, onReviewed, onDecided }: Props) {
  return (
    <>
      {updated && (
        <Notice tone="info" icon={<RefreshCw aria-hidden="true" className="size-5" />} title={UPDATED_MESSAGE} role="alert">
          <p>The items and totals below are the new version. Anything you chose before was reset.</p>
          <Button variant="secondary" className="mt-2 w-fit" onClick={onReviewed}>
            I have reviewed it
          </Button>
        </Notice>
      )}
      {estimate.status === 'draft' && (
        <Notice tone="info" icon={<Info aria-hidden="true" className="size-5" />} title="This estimate is being updated">
          <p>{estimate.organization.name} is revising it. You will receive the new version by e-mail; until then it cannot be accepted.</p>
        </Notice>
      )}
      {estimate.status === 'archived' && (
        <Notice tone="info" icon={<Info aria-hidden="true" className="size-5" />} title="This estimate was withdrawn">
          <p>Please contact {estimate.organization.name} if you would like a new estimate.</p>
        </Notice>
      )}
      {estimate.status === 'expired' && !estimate.decision && (
        <Notice tone="warning" icon={<CalendarX2 aria-hidden="true" className="size-5" />} title={`This estimate expired${estimate.valid_until ? ` on ${formatDay(estimate.valid_until)}` : ''}`}>
          <p>Prices and availability may have changed. Ask for an updated estimate and {estimate.organization.name} will send you a new one.</p>
          <div className="mt-3 max-w-xl rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <Deferred placeholder={<FormPlaceholder label="Loading the form…" />}>
              <TextDecisionForm
                token={token}
                estimate={estimate}
                kind="changes"
                label="Your message"
                hint="For example new dates, quantities or options you would like."
                submit="Ask for an updated estimate"
                what="request"
                onDecided={onDecided}
              />
            </Deferred>
          </div>
        </Notice>
      )}
    </>
  );
}

function Notice({ tone, icon, title, role, children }: { tone: 'info' | 'warning'; icon: ReactNode; title: string; role?: 'alert'; children: ReactNode }) {
  const colors = tone === 'warning' ? 'bg-amber-50 text-amber-950 ring-amber-200' : 'bg-sky-50 text-sky-950 ring-sky-200';
  return (
    <section role={role} aria-label={title} className={`flex gap-3 rounded-2xl p-5 ring-1 ring-inset ${colors} print:hidden`}>
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="flex min-w-0 flex-col gap-1 text-base">
        <h2 className="font-semibold">{title}</h2>
        {children}
      </div>
    </section>
  );
}
