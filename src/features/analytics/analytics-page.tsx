import { ChartColumn } from 'lucide-react';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Win rate and pipeline value over time',
  'Margin by product and by staff member',
  'Portal engagement: views, comments and acceptances',
] as const;

export function AnalyticsPage() {
  return (
    <PlaceholderPage
      title="Analytics"
      summary="How estimates, margins and the pipeline are doing."
      icon={<ChartColumn />}
      plans={PLANS}
    />
  );
}
