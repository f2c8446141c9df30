import { FileText } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Line items and totals',
  'The project timeline',
  'Comment, ask a question, or accept the estimate',
] as const;

export function EstimateViewPage() {
  const { token = '' } = useParams();
  return (
    <PlaceholderPage
      title="Your Estimate"
      summary="The estimate we prepared for you."
      icon={<FileText />}
      plans={PLANS}
      facts={[{ label: 'Estimate link', value: token }]}
      variant="public"
    />
  );
}
