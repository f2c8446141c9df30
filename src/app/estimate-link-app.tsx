// The estimate link page's React tree, rendered to HTML by the server (estimate-link-server.tsx)
// and in the browser (estimate-link-page.tsx): the customer's estimate view in the public frame,
// with the query cache of every page and a crash screen. `opening` is the server's answer to
// the opening call when the page came rendered: the cache starts with it, so the browser's
// first render matches the server's HTML and nothing is fetched again.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { customerEstimateKey } from '../features/customer-portal/estimate-view/opening';
import type { CustomerEstimate } from '../features/customer-portal/estimate-view/schemas';
import { EstimateView } from '../features/customer-portal/estimate-view/components/estimate-view';
import { createQueryClient } from '../lib/query-client';
import { ErrorBoundary } from './error-boundary';
import { PublicFrame } from './layouts/public-frame';

export function EstimateLinkApp({ token, opening }: { token: string; opening?: CustomerEstimate | null }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (opening !== undefined) client.setQueryData(customerEstimateKey(token), opening);
    return client;
  });
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <PublicFrame>
          <EstimateView token={token} />
        </PublicFrame>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
