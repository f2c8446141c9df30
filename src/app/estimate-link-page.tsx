// What estimate-link.tsx renders: the customer's estimate view in the public frame, with the
// query cache of every page and a crash screen, and nothing of the router or the staff shell.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { EstimateView } from '../features/customer-portal/estimate-view/components/estimate-view';
import { createQueryClient } from '../lib/query-client';
import { ErrorBoundary } from './error-boundary';
import { PublicFrame } from './layouts/public-frame';
export { showStartupError } from './startup-error';

function EstimateLinkApp({ token }: { token: string }) {
  const [queryClient] = useState(createQueryClient);
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

export function showEstimateLink(token: string): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <EstimateLinkApp token={token} />
    </StrictMode>,
  );
}
