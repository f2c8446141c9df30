import { LayoutGrid } from 'lucide-react';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Every portal you can open, with its company',
  'The date of your last visit',
] as const;

export function PortalSelectionPage() {
  return (
    <PlaceholderPage
      title="Choose a Customer Portal"
      summary="You have access to more than one portal. Pick the one to open."
      icon={<LayoutGrid />}
      plans={PLANS}
      variant="public"
    />
  );
}
