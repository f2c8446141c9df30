import { FileText } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Line items with quantity, price, cost and margin',
  'Totals with tax and overall margin',
  'The project timeline',
  'Comments, views and acceptance from the customer portal',
] as const;

export function EstimatePage() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title="Estimate"
      summary="The estimate, its totals and what the customer has done with it."
      icon={<FileText />}
      plans={PLANS}
      facts={[{ label: 'Estimate', value: id }]}
    />
  );
}
