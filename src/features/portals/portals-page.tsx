import { Globe } from 'lucide-react';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Every portal with its account and members',
  'Invitations and their status',
  'Recent portal activity',
] as const;

export function PortalsPage() {
  return (
    <PlaceholderPage
      title="Portals"
      summary="Customer and prospect portals and who can see them."
      icon={<Globe />}
      plans={PLANS}
    />
  );
}
