import { KeyRound } from 'lucide-react';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Sign in with the link or code we sent you',
  'Return to the page you were opening',
] as const;

export function ProspectPortalAuthPage() {
  return (
    <PlaceholderPage
      title="Prospect Portal Sign In"
      summary="Open the proposals we have prepared for you."
      icon={<KeyRound />}
      plans={PLANS}
      variant="public"
    />
  );
}
