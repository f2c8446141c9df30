import { Package } from 'lucide-react';
import { PlaceholderPage } from '../../components/placeholder-page';

const PLANS = [
  'Products with unit, price and cost',
  'Categories and search',
  'Margin per product',
  'Available offline on every device',
] as const;

export function ProductsPage() {
  return (
    <PlaceholderPage
      title="Products"
      summary="The catalogue that estimates are built from."
      icon={<Package />}
      plans={PLANS}
    />
  );
}
