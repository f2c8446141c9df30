import { useAtom } from 'jotai';
import { Sparkles } from 'lucide-react';
import { Button } from '../components/ui/button';
import { updateOfferAtom } from './pwa';

export function UpdatePrompt() {
  const [offer, setOffer] = useAtom(updateOfferAtom);
  return (
    <>
      {/* Always in the page, so the offer is announced when it arrives. */}
      <p role="status" className="sr-only">
        {offer ? 'A new version is available. Reload to get it; your work is saved on this device.' : ''}
      </p>
      {offer && <UpdateCard apply={offer.apply} later={() => setOffer(null)} />}
    </>
  );
}

function UpdateCard({ apply, later }: { apply: () => void; later: () => void }) {
  return (
    <div
      role="region"
      aria-label="Update available"
      data-testid="update-prompt"
      className="fixed inset-x-4 top-4 z-[65] mx-auto flex max-w-md items-start gap-3 rounded-xl border border-brand-200 bg-white p-4 shadow-lg"
    >
      <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div className="flex-1">
        <p className="text-sm font-semibold text-slate-900">A new version is available</p>
        <p className="mt-1 text-sm text-slate-600">Reload to get the latest version. Your work is saved on this device.</p>
        <div className="mt-3 flex gap-2">
          <Button size="sm" onClick={apply}>
            Reload
          </Button>
          <Button size="sm" variant="ghost" onClick={later}>
            Later
          </Button>
        </div>
      </div>
    </div>
  );
}
