// The public request link of the organization (/requests?org={slug}) with its QR code, for
// flyers, vans and websites.
import { Copy } from 'lucide-react';
import { QrCode } from '../../components/qr-code';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';

export function requestLink(origin: string, slug: string): string {
  return `${origin}/requests?org=${encodeURIComponent(slug)}`;
}

export function RequestLink({ slug }: { slug: string }) {
  if (!slug) return <p className="text-sm text-slate-600">The public request link appears here after the next sync.</p>;
  const link = requestLink(window.location.origin, slug);
  const copy = () =>
    void navigator.clipboard.writeText(link).then(
      () => toast({ tone: 'success', description: 'Request link copied.' }),
      () => toast({ tone: 'warning', description: 'The link could not be copied; select it and copy it by hand.' }),
    );
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start" data-testid="request-link">
      <QrCode value={link} label="QR code of the public request link" size={144} testId="request-link-qr" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <p className="text-sm text-slate-600">Anyone can ask for an estimate through this page; requests arrive in your organization.</p>
        <a href={link} className="font-mono text-sm break-all text-brand-700 underline hover:text-brand-800" target="_blank" rel="noreferrer">
          {link}
        </a>
        <Button variant="secondary" size="sm" onClick={copy} icon={<Copy aria-hidden="true" className="size-4" />} className="self-start">
          Copy link
        </Button>
      </div>
    </div>
  );
}
