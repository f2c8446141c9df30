// One estimate as the customer reads it: who sent it, what it costs with the options they
// choose, the plan, the decision (or its outcome) and the conversation.
import { useState, type CSSProperties } from 'react';
import { brandColors } from '../brand';
import { useEstimateUpdates } from '../queries';
import type { CustomerEstimate } from '../schemas';
import { initialSelection, totalsFor, type Selection } from '../selection';
import { CommentsPanel } from './comments-panel';
import { DecisionPanel, Deferred, FormPlaceholder } from './deferred';
import { EstimateHeader } from './estimate-header';
import { LineItems } from './line-items';
import { NotesAndTerms } from './notes-and-terms';
import { Outcome } from './outcome';
import { StatusNotice } from './status-notice';
import { Timeline } from './timeline';
import { TotalsSummary } from './totals-summary';
import { useStyleProps } from '../../../../lib/server-styles';

export function EstimateDocument({ token, estimate }: { token: string; estimate: CustomerEstimate }) {
  useEstimateUpdates(token, true);
  const brand = brandColors(estimate.organization.brand_color);
  const [choice, setChoice] = useState<{ versionId: string; selection: Selection }>(() => ({ versionId: estimate.version.id, selection: initialSelection(estimate.snapshot) }));
  const [seenVersion, setSeenVersion] = useState(estimate.version.id);
  // A new version (staff revised it) brings its own options; what was chosen before is gone.
  const selection = choice.versionId === estimate.version.id ? choice.selection : initialSelection(estimate.snapshot);
  const setSelection = (next: Selection) => setChoice({ versionId: estimate.version.id, selection: next });
  const totals = totalsFor(estimate.snapshot, selection);
  const [signerName, setSignerName] = useState('');
  // Set when the decision is taken on this page: the outcome takes the focus (not on a later visit).
  const [decidedHere, setDecidedHere] = useState(false);
  // The decision may bring a version (the options chosen): the customer's own, not news to them.
  const onDecided = (versionId?: string) => {
    setDecidedHere(true);
    if (versionId) setSeenVersion(versionId);
  };
  const styleProps = useStyleProps({ '--org': brand.solid, '--org-on': brand.onSolid, '--org-text': brand.text, '--org-soft': brand.soft } as CSSProperties);

  return (
    <article data-testid="customer-estimate" data-status={estimate.status} {...styleProps} className="flex flex-col gap-6 print:gap-4 print:text-black">
      <EstimateHeader estimate={estimate} />
      <StatusNotice
        token={token}
        estimate={estimate}
        updated={seenVersion !== estimate.version.id}
        onReviewed={() => setSeenVersion(estimate.version.id)}
        onDecided={onDecided}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_21rem] lg:items-start print:block">
        <div className="flex min-w-0 flex-col gap-6">
          <LineItems snapshot={estimate.snapshot} selection={selection} onSelectionChange={estimate.can_act ? setSelection : undefined} />
          <NotesAndTerms snapshot={estimate.snapshot} />
          <Timeline milestones={estimate.milestones} />
        </div>
        <aside aria-label="Summary and decision" className="flex flex-col gap-6 lg:sticky lg:top-4 print:mt-4">
          <TotalsSummary totals={totals} taxRate={estimate.snapshot.estimate.tax_rate} changed={estimate.can_act && totals.total !== estimate.snapshot.estimate.total_cents} />
          {estimate.decision ? (
            <Outcome estimate={estimate} decision={estimate.decision} focus={decidedHere} />
          ) : (
            estimate.can_act && (
              <Deferred placeholder={<FormPlaceholder label="Loading your choices…" className="min-h-96 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" />}>
                <DecisionPanel
                  token={token}
                  estimate={estimate}
                  selection={selection}
                  total={totals.total}
                  signerName={signerName}
                  onSignerName={setSignerName}
                  onDecided={onDecided}
                />
              </Deferred>
            )
          )}
        </aside>
      </div>
      <CommentsPanel token={token} estimate={estimate} name={signerName} onName={setSignerName} />
    </article>
  );
}
