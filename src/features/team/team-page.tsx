import { Users } from 'lucide-react';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Staff members and their roles',
  'Invite new staff by e-mail',
  'Who owns which estimates and prospects',
] as const;

export function TeamPage() {
  return (
    <PlaceholderPage
      title="Team"
      summary="The people who work in the portal with you."
      icon={<Users />}
      plans={PLANS}
    />
  );
}
