import { Settings, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { PlaceholderPage } from '../../components/placeholder-page';
import { EmptyState } from '../../components/ui/empty-state';

const PLANS = [
  'Your profile: name, e-mail and phone',
  'Company details used on estimates',
  'Default tax rate, units and estimate templates',
  'Notification preferences',
] as const;

/** `securityPanel` is the account security panel; the app passes it in (features stay apart). */
export function SettingsPage({ securityPanel }: { securityPanel?: ReactNode }) {
  return (
    <PlaceholderPage title="Settings" summary="Your profile, account security and company preferences." icon={<Settings />} plans={PLANS}>
      {/* The panel brings its own #security section and heading. */}
      {securityPanel ?? (
        <section id="security" aria-labelledby="security-heading" className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="security-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" />
            Account security
          </h2>
          <EmptyState className="mt-4" title="Two-factor authentication">
            Authenticator apps and phone codes will be managed here.
          </EmptyState>
        </section>
      )}
    </PlaceholderPage>
  );
}
