// Who the estimate is for and what the job is called.
import { Building2, User } from 'lucide-react';
import type { Account } from '../../../db/collections/accounts';
import type { Estimate } from '../../../db/collections/estimates';
import type { Prospect } from '../../../db/collections/prospects';
import { useWorkspace } from '../../../db/react';
import { CustomerPicker } from '../customer-picker';
import { DraftInput } from '../draft-input';
import { patchDocument, setCustomer } from '../commands';
import { parseRequiredText } from '../field-parsers';

const parseTitle = parseRequiredText('The title', 300);

export function CustomerStep({ estimate, accounts, prospects }: { estimate: Estimate; accounts: readonly Account[]; prospects: readonly Prospect[] }) {
  const { db } = useWorkspace();
  const account = accounts.find((a) => a.id === estimate.account_id);
  const prospect = prospects.find((p) => p.id === estimate.prospect_id);
  const contact = account ? [account.email, account.phone, account.billing_address] : prospect ? [prospect.email, prospect.phone, prospect.company] : [];
  return (
    <div className="flex flex-col gap-6">
      {/* The shared picker, with its controls raised to touch size. */}
      <div className="[&_button]:min-h-12 [&_input]:min-h-12 [&_input]:text-base">
        <CustomerPicker
          value={estimate}
          accounts={accounts}
          prospects={prospects}
          onChange={(ref) => setCustomer(db, estimate.id, ref)}
        />
      </div>
      {(account || prospect) && (
        <div data-testid="chosen-customer" className="flex items-start gap-4 rounded-xl border border-brand-200 bg-brand-50 p-4">
          <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm">
            {account ? <Building2 className="size-6" /> : <User className="size-6" />}
          </span>
          <div className="min-w-0">
            <p className="text-lg font-semibold text-slate-900">{estimate.customer_name || account?.name || 'Customer'}</p>
            <p className="text-sm text-slate-600">{account ? 'Company account' : 'Person (prospect)'}</p>
            {contact.filter(Boolean).map((line) => (
              <p key={line} className="truncate text-sm text-slate-700">
                {line}
              </p>
            ))}
          </div>
        </div>
      )}
      <DraftInput
        label="What is the job?"
        hint="The title the customer sees, e.g. “Backyard deck”."
        stored={estimate.title}
        parse={parseTitle}
        save={(title) => patchDocument(db, 'estimates', estimate.id, { title })}
        inputClassName="min-h-12 text-base"
      />
    </div>
  );
}
