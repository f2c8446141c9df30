import { MailOpen } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Who invited you and to what',
  'Create your account or sign in to accept',
  'Go straight to what you were invited to',
] as const;

export function InvitePage() {
  const { token = '' } = useParams();
  return (
    <PlaceholderPage
      title="Accept Invitation"
      summary="You have been invited to collaborate in the Customer Engagement Portal."
      icon={<MailOpen />}
      plans={PLANS}
      facts={[{ label: 'Invitation', value: token }]}
      variant="public"
    />
  );
}
