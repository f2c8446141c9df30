import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../components/ui/toast';
import { AuthProvider } from '../features/auth/use-auth';
import { appStore } from '../lib/app-store';
import { createQueryClient } from '../lib/query-client';
import { ErrorBoundary } from './error-boundary';
import type { AppRouter } from './router';
import { UpdatePrompt } from './update-prompt';

/** The router is created by start-app.tsx before the config is read, so the page's code is already loading. */
export function App({ router }: { router: AppRouter }) {
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
