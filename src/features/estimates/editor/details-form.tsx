// The estimate's own fields in the editor: title, customer, validity, tax rate, discount.
import type { Account } from '../../../db/collections/accounts';
import type { Estimate } from '../../../db/collections/estimates';
import type { Prospect } from '../../../db/collections/prospects';
import { CustomerPicker } from '../customer-picker';
import { DraftInput } from '../draft-input';
import { format } from 'date-fns';
import type { EstimateItem } from '../../../db/collections/estimate-items';
import { centsText, decimalText, parseDiscountUpTo, parseRequiredText, parseTaxRate, parseValidUntil } from '../field-parsers';
import { useTypedTotals, type DraftStore } from './draft-values';

const parseTitle = parseRequiredText('The title', 300);

type Props = {
  estimate: Estimate;
  items: readonly EstimateItem[];
  accounts: Account[];
  prospects: Prospect[];
  drafts: DraftStore;
  save: (patch: Partial<Estimate>) => Promise<unknown>;
};

export function DetailsForm({ estimate, items, accounts, prospects, drafts, save }: Props) {
  // The discount is checked against the subtotal as typed (lines being edited count).
  const { subtotal } = useTypedTotals(drafts, items, estimate);
  return (
    <section aria-label="Details" className="grid gap-4 sm:grid-cols-2">
      <DraftInput label="Title" stored={estimate.title} parse={parseTitle} save={(title) => save({ title })} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <CustomerPicker value={estimate} accounts={accounts} prospects={prospects} onChange={(customer) => save(customer)} />
      </div>
      <DraftInput label="Valid until" type="date" stored={estimate.valid_until ?? ''} parse={parseValidUntil(format(new Date(), 'yyyy-MM-dd'))} save={(valid_until) => save({ valid_until })} />
      <DraftInput
        label="Tax rate %"
        stored={decimalText(estimate.tax_rate)}
        parse={parseTaxRate}
        save={(tax_rate) => save({ tax_rate })}
        onDraft={(value) => drafts.set(estimate.id, 'tax_rate', value)}
        inputMode="decimal"
      />
      <DraftInput
        label="Estimate discount ($)"
        stored={estimate.discount_cents ? centsText(estimate.discount_cents) : ''}
        parse={parseDiscountUpTo(subtotal)}
        save={(discount_cents) => save({ discount_cents })}
        onDraft={(value) => drafts.set(estimate.id, 'discount_cents', value)}
        inputMode="decimal"
      />
    </section>
  );
}
