// Signing in to a portal (/portal-auth, /prospect-portal-auth, a prospect token page): the
// link or access code (or the one the page came with), then, when the portal asks for it, who
// you are and the code we e-mail you. The portal's branding shows once it is known.
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { parseCredential } from '../../lib/portal-credential';
import type { Credential, PortalKind } from '../../lib/portal-api';
import { brandStyle, OrganizationMark } from './portal-frame';
import { CodeForm, ContactForm, CredentialForm } from './sign-in-steps';
import { NOT_A_PORTAL, useSignIn, type SignedIn } from './use-sign-in';

type Props = { kind: PortalKind; initial: Credential | null; onSignedIn: (signedIn: SignedIn) => void };

const TITLES: Record<PortalKind, string> = { customer: 'Sign in to your customer portal', prospect: 'Open your prospect portal' };

export function SignInFlow({ kind, initial, onSignedIn }: Props) {
  const flow = useSignIn(onSignedIn);
  const started = useRef(false);
  useEffect(() => {
    if (initial && !started.current) {
      started.current = true;
      void flow.begin(initial);
    }
  }, [initial]);

  const { step } = flow;
  const options = step.name === 'contact' || step.name === 'code' ? step.options : null;
  return (
    <section aria-labelledby="portal-sign-in" style={brandStyle(options ? options.brand_color || options.organization.brand_color : '')} className="mx-auto flex w-full max-w-lg flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      {options ? (
        <div className="flex items-center gap-3">
          <OrganizationMark name={options.organization.name} logo={options.organization.logo} />
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-slate-600">{options.organization.name}</p>
            <h1 id="portal-sign-in" className="text-xl font-semibold text-slate-900">
              {options.name}
            </h1>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          <h1 id="portal-sign-in" className="text-2xl font-semibold tracking-tight text-slate-900">
            {TITLES[kind]}
          </h1>
          <p className="text-base text-slate-700">Stay signed in on this device for 24 hours. Your portal stays readable here without a connection.</p>
        </div>
      )}
      {(step.name === 'checking' || step.name === 'signing-in') && (
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
          Opening your portal…
        </p>
      )}
      {step.name === 'credential' && (
        <CredentialForm
          busy={flow.busy}
          error={flow.error}
          onSubmit={(text) => {
            const credential = parseCredential(text);
            if (credential) void flow.begin(credential);
            else flow.fail(text.trim() ? NOT_A_PORTAL : 'Paste the link or type the access code');
          }}
        />
      )}
      {step.name === 'contact' && <ContactForm options={step.options} busy={flow.busy} error={flow.error} onSubmit={(id) => void flow.requestCode(step.credential, step.options, id)} />}
      {step.name === 'code' && (
        <CodeForm
          sentTo={step.sent.sent_to}
          busy={flow.busy}
          error={flow.error}
          onSubmit={(code) => void flow.complete(step.credential, step.options, step.sent.challenge_id, code, step.prospectId)}
          onResend={() => void flow.requestCode(step.credential, step.options, step.prospectId)}
        />
      )}
    </section>
  );
}
