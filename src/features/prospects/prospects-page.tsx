import { Target } from 'lucide-react';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'A pipeline of prospects by stage',
  'Contact details and notes',
  'Prospect portal invitations and their activity',
  'Turn a prospect into an account',
] as const;

export function ProspectsPage() {
  return (
    <PlaceholderPage
      title="Prospects"
      summary="Everyone who might become a customer, and where they stand."
      icon={<Target />}
      plans={PLANS}
    />
  );
}
