import { Globe } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Estimates shared in this portal',
  'Members and their last visit',
  'Comments and acceptances',
] as const;

export function PortalPage() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title="Portal"
      summary="One customer portal: its estimates, members and activity."
      icon={<Globe />}
      plans={PLANS}
      facts={[{ label: 'Portal', value: id }]}
    />
  );
}
