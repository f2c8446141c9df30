// /portal/estimate/{token}: the estimate link from the e-mail. Anonymous: the token is the
// credential. The view itself is in estimate-view/ so the customer portal can show it too.
import { useParams } from 'react-router-dom';
import { EstimateView } from './estimate-view/components/estimate-view';

export function EstimateViewPage() {
  const { token = '' } = useParams();
  return <EstimateView token={token} />;
}
