import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../components/ui/toast';
import { AuthProvider } from '../features/auth/use-auth';
import { appStore } from '../lib/app-store';
import { createQueryClient } from '../lib/query-client';
import { ErrorBoundary } from './error-boundary';
import { createAppRouter } from './router';
import { UpdatePrompt } from './update-prompt';

export function App() {
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <JotaiProvider store={appStore}>
        <QueryClientProvider client={queryClient}>
          <ErrorBoundary kind="Auth Provider Error">
            <AuthProvider>
              <RouterProvider router={router} />
            </AuthProvider>
          </ErrorBoundary>
          <Toaster />
          <UpdatePrompt />
        </QueryClientProvider>
      </JotaiProvider>
    </ErrorBoundary>
  );
}
