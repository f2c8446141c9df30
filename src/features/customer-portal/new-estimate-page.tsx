import { FilePlus2 } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Describe what you need',
  'Pick from products you have bought before',
  'Get notified when the estimate is ready',
] as const;

export function PortalNewEstimatePage() {
  const { token = '' } = useParams();
  return (
    <PlaceholderPage
      title="New Estimate Request"
      summary="Ask us for a new estimate from within your portal."
      icon={<FilePlus2 />}
      plans={PLANS}
      facts={[{ label: 'Portal', value: token }]}
      variant="public"
    />
  );
}
