import { KeyRound } from 'lucide-react';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Sign in with the link or code we sent you',
  'Stay signed in on this device for 24 hours',
  'Return to the page you were opening',
] as const;

export function PortalAuthPage() {
  return (
    <PlaceholderPage
      title="Customer Portal Sign In"
      summary="Open your customer portal to see your estimates and timelines."
      icon={<KeyRound />}
      plans={PLANS}
      variant="public"
    />
  );
}
