import { House } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Your estimates and their status',
  'Project timelines',
  'Comments and questions for our team',
  'Accept an estimate online',
] as const;

export function PortalHomePage() {
  const { token = '' } = useParams();
  return (
    <PlaceholderPage
      title="Customer Portal"
      summary="Your estimates, timelines and conversations with our team."
      icon={<House />}
      plans={PLANS}
      facts={[{ label: 'Portal', value: token }]}
      variant="public"
    />
  );
}
