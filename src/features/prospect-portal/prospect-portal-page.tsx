import { Sparkles } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Proposals and products picked for you',
  'Questions and answers with our team',
  'Request an estimate',
] as const;

export function ProspectPortalPage() {
  const { token = '' } = useParams();
  return (
    <PlaceholderPage
      title="Prospect Portal"
      summary="Proposals, products and next steps prepared for you."
      icon={<Sparkles />}
      plans={PLANS}
      facts={[{ label: 'Portal link', value: token }]}
      variant="public"
    />
  );
}
