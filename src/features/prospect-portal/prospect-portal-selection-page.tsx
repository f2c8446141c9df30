import { LayoutGrid } from 'lucide-react';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Every prospect portal you can open',
] as const;

export function ProspectPortalSelectionPage() {
  return (
    <PlaceholderPage
      title="Choose a Prospect Portal"
      summary="Pick which of your prospect portals to open."
      icon={<LayoutGrid />}
      plans={PLANS}
      variant="public"
    />
  );
}
