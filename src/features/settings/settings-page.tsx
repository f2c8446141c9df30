// /settings in sections: the organization (owners and admins change it), the member's profile,
// account security (the auth area's panel, handed in by the app) and this device.
import { Building2, Smartphone, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { can, useLiveQuery, useWorkspace } from '../../db/react';
import { DeviceSection } from './device-section';
import { OrganizationForm } from './organization-form';
import { ProfileForm } from './profile-form';
import { RequestLink } from './request-link';
import { PageHeader } from '../../components/ui/page-header';

type Props = {
  /** The auth area's security panel (it brings its own #security section and heading). */
  securityPanel?: ReactNode;
  /** The auth area's e-mail change form. */
  emailChange?: ReactNode;
};

const SECTIONS = [
  { id: 'organization', label: 'Organization' },
  { id: 'profile', label: 'Profile' },
  { id: 'security', label: 'Security' },
  { id: 'device', label: 'This device' },
] as const;

function Section({ id, title, icon, summary, children }: { id: string; title: string; icon: ReactNode; summary?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <span aria-hidden="true" className="text-brand-700 [&_svg]:size-5">
          {icon}
        </span>
        {title}
      </h2>
      {summary && <p className="mt-1 text-sm text-slate-600">{summary}</p>}
      <div className="mt-5 flex flex-col gap-6">{children}</div>
    </section>
  );
}

function OrganizationSection() {
  const { orgId, role } = useWorkspace();
  const editable = can(role, 'editSettings');
  const { result: org } = useLiveQuery((db) => db.organizations.findOne(orgId), [orgId]);
  const summary = editable ? 'Shown to customers on estimates and portals.' : 'Shown to customers on estimates and portals. Owners and admins change these settings.';
  return (
    <Section id="organization" title="Organization" icon={<Building2 />} summary={summary}>
      {!org ? (
        <Spinner label="Loading the organization…" />
      ) : (
        <>
          <OrganizationForm key={org.id} org={org} editable={editable} />
          <div className="flex flex-col gap-3 border-t border-slate-200 pt-5">
            <h3 className="text-base font-semibold text-slate-900">Public request link</h3>
            <RequestLink slug={org.request_slug} />
          </div>
        </>
      )}
    </Section>
  );
}

export function SettingsPage({ securityPanel, emailChange }: Props) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Settings" description="Your organization, your profile, account security and this device.">
        <nav aria-label="Settings sections" className="mt-4 flex flex-wrap gap-2">
          {SECTIONS.map((s) => (
            <a key={s.id} href={`#${s.id}`} className="rounded-full bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50">
              {s.label}
            </a>
          ))}
        </nav>
      </PageHeader>
      <OrganizationSection />
      <Section id="profile" title="Profile" icon={<UserRound />} summary="How your colleagues see you in this organization.">
        <ProfileForm />
        {emailChange && <div className="border-t border-slate-200 pt-5">{emailChange}</div>}
      </Section>
      {securityPanel && <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">{securityPanel}</div>}
      <Section id="device" title="This device" icon={<Smartphone />} summary="What this tablet or computer keeps, and the app's version.">
        <DeviceSection />
      </Section>
    </div>
  );
}
