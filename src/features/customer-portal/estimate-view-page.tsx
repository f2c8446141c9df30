// /portal/estimate/{token}: the estimate link from the e-mail. Anonymous: the token is the
// credential. The view itself is in estimate-view/ so the customer portal can show it too.
// This module stays small: it starts the opening call at once, while the view's code (forms,
// signature pad) is still downloading.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import { prefetchOpening } from './estimate-view/opening';
import { LoadingEstimate } from './estimate-view/components/page-states';

const EstimateView = lazy(() => import('./estimate-view/components/estimate-view').then((m) => ({ default: m.EstimateView })));

export function EstimateViewPage() {
  const { token = '' } = useParams();
  const client = useQueryClient();
  useState(() => prefetchOpening(client, token));
  return (
    <Suspense fallback={<LoadingEstimate />}>
      <EstimateView key={token} token={token} />
    </Suspense>
  );
}
