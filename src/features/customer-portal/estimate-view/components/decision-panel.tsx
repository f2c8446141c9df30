// The customer decides: accept (the main path), ask for changes, or decline. One form shows
// at a time; what was typed in each stays when switching between them.
import { Check, MessageSquare, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cx } from '../../../../components/ui/cx';
import type { CustomerEstimate } from '../schemas';
import type { Selection } from '../selection';
import { AcceptForm } from './accept-form';
import { TextDecisionForm } from './text-decision-form';

type Choice = 'accept' | 'changes' | 'decline';

type Props = {
  token: string;
  estimate: CustomerEstimate;
  selection: Selection;
  total: number;
  signerName: string;
  onSignerName: (name: string) => void;
  onDecided: (versionId?: string) => void;
};

export function DecisionPanel({ token, estimate, selection, total, signerName, onSignerName, onDecided }: Props) {
  const [choice, setChoice] = useState<Choice>('accept');
  return (
    <section aria-labelledby="decision-heading" data-testid="decision-panel" className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 print:hidden">
      <h2 id="decision-heading" className="text-lg font-semibold text-slate-900">
        Your decision
      </h2>
      <div role="group" aria-label="Choose what to do" className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
        <ChoiceButton current={choice} value="accept" onChoose={setChoice} icon={<Check aria-hidden="true" className="size-4" />}>
          Accept
        </ChoiceButton>
        <ChoiceButton current={choice} value="changes" onChoose={setChoice} icon={<MessageSquare aria-hidden="true" className="size-4" />}>
          Changes
        </ChoiceButton>
        <ChoiceButton current={choice} value="decline" onChoose={setChoice} icon={<X aria-hidden="true" className="size-4" />}>
          Decline
        </ChoiceButton>
      </div>
      <div hidden={choice !== 'accept'}>
        <AcceptForm token={token} estimate={estimate} selection={selection} total={total} name={signerName} onName={onSignerName} onDecided={onDecided} />
      </div>
      <div hidden={choice !== 'changes'}>
        <TextDecisionForm
          token={token}
          estimate={estimate}
          kind="changes"
          label="What would you like changed?"
          hint={`${estimate.organization.name} will revise the estimate and send you the new version.`}
          submit="Request changes"
          what="request"
          onDecided={onDecided}
        />
      </div>
      <div hidden={choice !== 'decline'}>
        <TextDecisionForm token={token} estimate={estimate} kind="decline" label="Why are you declining?" hint="Your reason helps us do better next time." submit="Decline estimate" what="answer" danger onDecided={onDecided} />
      </div>
    </section>
  );
}

function ChoiceButton({ current, value, onChoose, icon, children }: { current: Choice; value: Choice; onChoose: (c: Choice) => void; icon: ReactNode; children: ReactNode }) {
  const active = current === value;
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={() => onChoose(value)}
      className={cx(
        'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
        active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
      )}
    >
      {icon}
      {children}
    </button>
  );
}
