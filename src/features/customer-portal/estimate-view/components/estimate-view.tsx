// The customer's view of one estimate, by its link token: reusable wherever a customer opens
// an estimate (the e-mailed link today, the customer portal later).
import { tooManyRequestsMessage } from '../../../../lib/send-until-answered';
import { tokenSchema } from '../schemas';
import { useCustomerEstimate } from '../queries';
import { EstimateDocument } from './estimate-document';
import { InvalidLink, LoadFailed, LoadingEstimate } from './page-states';

export function EstimateView({ token }: { token: string }) {
  const wellFormed = tokenSchema.safeParse(token).success;
  const query = useCustomerEstimate(token);
  if (!wellFormed) return <InvalidLink />;
  if (query.isPending) return <LoadingEstimate />;
  if (query.isError) return <LoadFailed message={tooManyRequestsMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (!query.data) return <InvalidLink />;
  return <EstimateDocument token={token} estimate={query.data} />;
}
