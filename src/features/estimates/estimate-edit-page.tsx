import { PencilLine } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Add products from the catalogue or free-form lines',
  'Live totals, cost and margin as you type',
  'Timeline phases with dates',
  'Saved on this device first, synced when online',
] as const;

export function EstimateEditPage() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title="Edit Estimate"
      summary="Change the line items, prices and timeline of this estimate."
      icon={<PencilLine />}
      plans={PLANS}
      facts={[{ label: 'Estimate', value: id }]}
    />
  );
}
