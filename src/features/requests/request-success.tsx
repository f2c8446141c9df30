// The request is filed: its reference, and what happens next.
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import type { RequestAnswer } from './schemas';

export function RequestSuccess({ answer, name, email, onAnother }: { answer: RequestAnswer; name: string; email: string; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="request-sent" data-testid="request-success" className="flex flex-col items-start gap-4">
      <CircleCheck aria-hidden="true" className="size-10 text-emerald-700" />
      <h2 id="request-sent" ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight text-slate-900 focus:outline-none">
        Thank you, {name}! Your request is on its way.
      </h2>
      <p className="text-base text-slate-700">
        {answer.organization.name} received it and will get back to you soon. We sent a confirmation to <strong>{email}</strong>.
      </p>
      <p className="rounded-xl bg-slate-100 px-4 py-3 text-base text-slate-800">
        Your reference: <strong data-testid="request-reference" className="font-mono tracking-wide">{answer.reference}</strong>
      </p>
      <Button variant="secondary" size="lg" onClick={onAnother}>
        Send another request
      </Button>
    </section>
  );
}
