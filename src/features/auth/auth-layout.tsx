import { CloudOff, FileText, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';

function Mark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className="size-9 shrink-0">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M9 8.5h9.5l4.5 4.5v10.5H9z" fill="#fff" />
      <path d="M18.5 8.5V13H23" fill="#bfdbfe" />
      <path d="M12 17h8M12 20.5h5" stroke="#1d4ed8" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** The mark and the product's name; `onBrand` on the brand panel's dark background. */
function Brand({ onBrand, className }: { onBrand?: boolean; className: string }) {
  return (
    <div className={`flex items-center gap-3 ${className}`}>
      <Mark />
      <span className={onBrand ? 'leading-tight text-white' : 'leading-tight'}>
        <span className={onBrand ? 'block text-base font-semibold' : 'block text-base font-semibold text-slate-900'}>Customer Engagement</span>
        <span className={onBrand ? 'block text-sm text-brand-200' : 'block text-sm text-slate-500'}>Portal</span>
      </span>
    </div>
  );
}

const HIGHLIGHTS = [
  { icon: FileText, title: 'Estimates with margin', text: 'Price every line with cost and margin in view.' },
  { icon: CloudOff, title: 'Works offline', text: 'Keep quoting on site; everything syncs when you are back online.' },
  { icon: ShieldCheck, title: 'Secure customer portal', text: 'Customers review, comment and accept in their own portal.' },
];

/** The frame of every /auth screen: a brand panel beside the card on wide screens. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh bg-slate-50">
      <aside className="hidden w-[42%] max-w-xl flex-col justify-between bg-gradient-to-br from-brand-800 to-brand-900 p-10 text-white lg:flex">
        <Brand onBrand className="text-brand-600" />
        <div>
          <p className="text-3xl leading-tight font-semibold">Collaborate on estimates, products, and timelines.</p>
          <ul className="mt-8 space-y-5">
            {HIGHLIGHTS.map(({ icon: Icon, title: heading, text }) => (
              <li key={heading} className="flex gap-3">
                <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-medium">{heading}</span>
                  <span className="block text-sm text-brand-100">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-xs text-brand-200">Staff access only. Customers sign in through their portal link.</p>
      </aside>
      <main id="main" className="flex flex-1 flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10 sm:px-8 lg:bg-none">
        <Brand className="mb-8 text-brand-700 lg:hidden" />
        <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          {subtitle && <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}
