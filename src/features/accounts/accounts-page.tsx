import { Building2 } from 'lucide-react';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Accounts with contacts and addresses',
  'Every estimate of an account and its status',
  'Customer portal access per account',
] as const;

export function AccountsPage() {
  return (
    <PlaceholderPage
      title="Accounts"
      summary="Customer accounts and their history with you."
      icon={<Building2 />}
      plans={PLANS}
    />
  );
}
