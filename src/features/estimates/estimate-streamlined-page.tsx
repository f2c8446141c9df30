import { Zap } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Large touch targets for picking products',
  'Running total and margin always in view',
  'Hand the tablet to the customer to review and sign',
] as const;

export function StreamlinedEstimatePage() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title="Streamlined Estimate"
      summary="A focused, touch-friendly way to build this estimate on a tablet."
      icon={<Zap />}
      plans={PLANS}
      facts={[{ label: 'Estimate', value: id }]}
    />
  );
}
