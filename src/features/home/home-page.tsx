import { House } from 'lucide-react';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Open estimates waiting on you or on the customer',
  'Recent customer activity from the portals',
  'Follow-ups due today',
  'Sync status and changes waiting to upload',
] as const;

export function HomePage() {
  return (
    <PlaceholderPage
      title="Home"
      summary="Your day at a glance."
      icon={<House />}
      plans={PLANS}
    />
  );
}
