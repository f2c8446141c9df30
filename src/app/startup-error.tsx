import { CloudOff } from 'lucide-react';
import { createRoot } from 'react-dom/client';
import { Button } from '../components/ui/button';
import { BrandMark } from './brand';

/** Shown when the app cannot learn where its server is (first start offline). */
export function StartupError({ message }: { message: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div role="alert" className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <BrandMark className="mx-auto size-10" />
        <CloudOff aria-hidden="true" className="mx-auto mt-6 size-8 text-amber-600" />
        <h1 className="mt-3 text-xl font-semibold text-slate-900">Can't reach the server</h1>
        <p className="mt-2 text-slate-600">{message}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Try Again
        </Button>
      </div>
    </main>
  );
}

/** For the customer's pages of their own (start-with-config.ts): the start-up error in place of the page. */
export function showStartupError(message: string): void {
  createRoot(document.getElementById('root')!).render(<StartupError message={message} />);
}
