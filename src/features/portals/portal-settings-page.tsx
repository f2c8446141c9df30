import { SlidersHorizontal } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Logo, colours and welcome message',
  'Who may open the portal, and for how long',
  'E-mail notifications for new comments and acceptances',
] as const;

export function PortalSettingsPage() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title="Portal Settings"
      summary="Branding, access and notifications of this portal."
      icon={<SlidersHorizontal />}
      plans={PLANS}
      facts={[{ label: 'Portal', value: id }]}
    />
  );
}
