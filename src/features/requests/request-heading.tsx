// Who the request goes to: the organization's name, logo or initial, in its colour.
import { MapPin, Phone } from 'lucide-react';
import type { RequestOrganization } from './schemas';

const HEX = /^#[0-9a-f]{6}$/i;
const logoSource = (value: string) => (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(value) || /^\/[^/\\]/.test(value) ? value : null);

export function RequestHeading({ organization }: { organization: RequestOrganization }) {
  const logo = logoSource(organization.logo);
  const color = HEX.test(organization.brand_color) ? organization.brand_color : '#2563eb';
  return (
    <div className="flex items-center gap-4">
      {logo ? (
        <img src={logo} alt={`${organization.name} logo`} className="h-14 w-auto max-w-40 object-contain" />
      ) : (
        <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-[var(--org)] text-2xl font-semibold text-white" style={{ ['--org' as string]: color }}>
          {organization.name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">Request an estimate from</p>
        <p data-testid="request-organization" className="text-xl font-semibold text-slate-900">
          {organization.name}
        </p>
        {(organization.address || organization.phone) && (
          <p className="mt-0.5 flex flex-wrap gap-x-4 text-sm text-slate-600">
            {organization.address && (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-4" />
                {organization.address}
              </span>
            )}
            {organization.phone && (
              <span className="inline-flex items-center gap-1">
                <Phone aria-hidden="true" className="size-4" />
                {organization.phone}
              </span>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
