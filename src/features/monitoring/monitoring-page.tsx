import { Activity } from 'lucide-react';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Sync state, last sync and changes waiting to upload',
  'Storage persistence, quota and usage',
  'Recent errors from the local error queue',
  'Conflicts resolved during sync',
] as const;

export function MonitoringPage() {
  return (
    <PlaceholderPage
      title="Monitoring"
      summary="How this device and the sync are doing."
      icon={<Activity />}
      plans={PLANS}
    />
  );
}
