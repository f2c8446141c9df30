// A portal's own look: the organization's brand colour (kept readable) as CSS variables, its
// logo or initial and name, the portal's name and welcome message, and the page's actions.
import type { CSSProperties, ReactNode } from 'react';
import { brandPalette } from '../../lib/brand-palette';
import { safeImage } from './format';

type Branding = { organization: { name: string; logo: string; brand_color: string }; portalName: string; brandColor: string; welcome?: string; greeting?: string };

export function brandStyle(color: string): CSSProperties {
  const p = brandPalette(color);
  return { '--org': p.solid, '--org-on': p.onSolid, '--org-text': p.text, '--org-soft': p.soft } as CSSProperties;
}

export function OrganizationMark({ name, logo }: { name: string; logo: string }) {
  const image = safeImage(logo);
  if (image) return <img src={image} alt={`${name} logo`} className="h-12 w-auto max-w-40 object-contain" />;
  return (
    <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-[var(--org)] text-xl font-semibold text-[var(--org-on)]">
      {name.trim().charAt(0).toUpperCase() || '•'}
    </span>
  );
}

export function PortalFrame({ branding, actions, children }: { branding: Branding; actions?: ReactNode; children: ReactNode }) {
  const { organization: org } = branding;
  return (
    <div style={brandStyle(branding.brandColor || org.brand_color)} className="flex flex-col gap-6">
      <header className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="h-2 bg-[var(--org)]" />
        <div className="flex flex-col gap-4 p-5 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div className="flex min-w-0 items-center gap-3">
              <OrganizationMark name={org.name} logo={org.logo} />
              <div className="min-w-0">
                <p data-testid="portal-organization" className="truncate text-sm font-medium text-slate-600">
                  {org.name}
                </p>
                <h1 className="text-2xl font-semibold tracking-tight text-balance text-slate-900">{branding.portalName}</h1>
              </div>
            </div>
            {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
          </div>
          {branding.greeting && <p className="text-base font-medium text-[var(--org-text)]">{branding.greeting}</p>}
          {branding.welcome && <p className="max-w-prose text-base whitespace-pre-line text-slate-700">{branding.welcome}</p>}
        </div>
      </header>
      {children}
    </div>
  );
}
