import { Send } from 'lucide-react';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'A short form for your contact details and project',
  'Optional photos and measurements',
  'A confirmation with what happens next',
] as const;

export function RequestsPage() {
  return (
    <PlaceholderPage
      title="Request an Estimate"
      summary="Tell us about your project and we will prepare an estimate for you."
      icon={<Send />}
      plans={PLANS}
      variant="public"
    />
  );
}
