import type { ReactNode } from 'react';
import { Brand } from '../brand';

/** Public, portal and not-found pages: the brand on top, the page centred below. No router: the estimate link page uses it too. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-slate-50">
      <header className="border-b border-slate-200/70 bg-white/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center px-4 sm:px-6">
          <Brand />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 px-4 py-8 focus:outline-none sm:px-6 sm:py-12">
        <div className="mx-auto w-full max-w-5xl">{children}</div>
      </main>
      <footer className="px-4 py-6 text-center text-xs text-slate-500">Customer Engagement Portal</footer>
    </div>
  );
}
