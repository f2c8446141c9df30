import { FileText } from 'lucide-react';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'A searchable list of estimates with status, customer and total',
  'Cost and margin for every estimate',
  'Filters by status, owner and date',
  'New estimate from a template or from scratch',
] as const;

export function EstimatesPage() {
  return (
    <PlaceholderPage
      title="Estimates"
      summary="Create, price and track estimates, online or off."
      icon={<FileText />}
      plans={PLANS}
    />
  );
}
