// The portal's link (shown once, when it is made: only its hash is kept), its QR code, the
// access code (also shown once), and sending the portal by e-mail.
import { Copy, KeyRound, Link2, Mail, QrCode } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { toast, toastError } from '../../lib/toast-store';
import { useNewAccessCode, useNewLink } from './queries';
import type { IssuedLink } from './schemas';
import { SendDialog } from './send-dialog';
import type { Portal } from '../../db/collections/portals';

function portalUrl(kind: Portal['kind'], token: string): string {
  return `${window.location.origin}${kind === 'customer' ? '/portal/' : '/prospect-portal/'}${token}`;
}

function copy(text: string, what: string) {
  void navigator.clipboard.writeText(text).then(
    () => toast({ tone: 'success', description: `${what} copied.` }),
    () => toast({ tone: 'warning', description: `Select the ${what.toLowerCase()} and copy it.` }),
  );
}

function Issued({ url }: { url: string }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(url, { margin: 1, width: 176, errorCorrectionLevel: 'M' }).then((data) => live && setQr(data));
    return () => void (live = false);
  }, [url]);
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-white p-4 ring-2 ring-brand-200 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <Field label="Portal link" hint="Shown only now: copy it or let them scan the code. Links you made before keep working.">
          <Input value={url} readOnly data-testid="portal-link" onFocus={(e) => e.currentTarget.select()} />
        </Field>
        <Button variant="secondary" size="sm" className="self-start" onClick={() => copy(url, 'Link')} icon={<Copy aria-hidden="true" className="size-4" />}>
          Copy link
        </Button>
      </div>
      {qr && <img src={qr} alt="QR code of the portal link" data-testid="portal-qr" className="size-44 rounded-lg bg-white p-1 ring-1 ring-slate-200" />}
    </div>
  );
}

export function LinkPanel({ portal, manage, send, issued, onIssued }: { portal: Portal; manage: boolean; send: boolean; issued: IssuedLink | null; onIssued: (l: IssuedLink) => void }) {
  const newLink = useNewLink(portal.id);
  const newCode = useNewAccessCode(portal.id);
  const [code, setCode] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  return (
    <section aria-labelledby="portal-access" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="portal-access" className="text-base font-semibold text-slate-900">
          Link and access code
        </h2>
        <div className="flex flex-wrap gap-2">
          {send && (
            <Button size="sm" onClick={() => setSending(true)} icon={<Mail aria-hidden="true" className="size-4" />}>
              Send by e-mail
            </Button>
          )}
          {manage && (
            <>
              <Button variant="secondary" size="sm" disabled={newLink.isPending} onClick={() => newLink.mutate(undefined, { onSuccess: onIssued, onError: (e) => toastError(e) })} icon={<Link2 aria-hidden="true" className="size-4" />}>
                New link
              </Button>
              <Button variant="secondary" size="sm" disabled={newCode.isPending} onClick={() => newCode.mutate(undefined, { onSuccess: (c) => setCode(c.code), onError: (e) => toastError(e) })} icon={<KeyRound aria-hidden="true" className="size-4" />}>
                New access code
              </Button>
            </>
          )}
        </div>
      </div>
      {issued ? (
        <Issued url={portalUrl(portal.kind, issued.token)} />
      ) : (
        <p className="flex items-start gap-2 text-sm text-slate-600">
          <QrCode aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Links are stored only as fingerprints, so a link is shown once, when it is made. {manage ? 'Make a new link to show its QR code; ' : ''}“Send by e-mail” mails a link of its own.
        </p>
      )}
      {code && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
          <p className="text-sm text-amber-900">
            Access code (shown only now; it replaces the previous one): <strong data-testid="portal-access-code" className="font-mono text-base tracking-wider">{code}</strong>
          </p>
          <Button variant="secondary" size="sm" onClick={() => copy(code, 'Access code')} icon={<Copy aria-hidden="true" className="size-4" />}>
            Copy
          </Button>
        </div>
      )}
      {send && <SendDialog portal={portal} open={sending} onClose={() => setSending(false)} />}
    </section>
  );
}
