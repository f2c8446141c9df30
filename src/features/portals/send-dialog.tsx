// Sending the portal by e-mail: to one of its people (an account's contacts, or the prospect)
// or to an address typed here, with an optional message; the server mails a new link through
// the outbox.
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Textarea } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import type { Portal } from '../../db/collections/portals';
import { useWorkspace } from '../../db/react';
import { describeError } from '../../lib/errors';
import { ServerCallError } from '../../lib/server-api';
import { toast } from '../../lib/toast-store';
import { personName, useProspects, useSendLink } from './queries';

export function SendDialog({ portal, open, onClose }: { portal: Portal; open: boolean; onClose: () => void }) {
  const { orgId } = useWorkspace();
  const people = (useProspects(orgId).result ?? []).filter((p) => (portal.kind === 'customer' ? p.account_id === portal.account_id : p.id === portal.prospect_id) && p.email);
  const send = useSendLink(portal.id);
  const [to, setTo] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<{ field: 'to' | 'email' | 'form'; text: string } | null>(null);
  const chosen = to || (people.length === 1 ? people[0]!.id : '');
  const typed = chosen === 'other' || people.length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen && !typed) return setProblem({ field: 'to', text: 'Choose who gets the portal' });
    if (typed && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim())) return setProblem({ field: 'email', text: 'Enter a valid e-mail address, like name@example.com' });
    setProblem(null);
    try {
      const sent = await send.mutateAsync({ prospectId: typed ? null : chosen, email: typed ? email.trim() : '', message });
      toast({ tone: 'success', description: `The portal was sent to ${sent.sent_to}.` });
      onClose();
    } catch (error) {
      const invalid = error instanceof ServerCallError && error.details === 'invalid_email';
      setProblem({ field: invalid ? (typed ? 'email' : 'to') : 'form', text: invalid ? error.message : describeError(error).userMessage });
    }
  };
  const options = [...people.map((p) => ({ value: p.id, label: `${personName(p)} — ${p.email}` })), { value: 'other', label: 'Another address…' }];
  return (
    <Dialog open={open} onClose={onClose} title="Send the portal by e-mail" description="They receive a new link of their own; links sent before keep working.">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {people.length > 0 && (
          <Field label="To" error={problem?.field === 'to' ? problem.text : undefined}>
            <Select value={chosen} onChange={(e) => setTo(e.target.value)} options={options} placeholder="Choose a person" />
          </Field>
        )}
        {typed && (
          <Field label="E-mail address" error={problem?.field === 'email' ? problem.text : undefined}>
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
          </Field>
        )}
        <Field label="Message (optional)">
          <Textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={3} />
        </Field>
        {problem?.field === 'form' && (
          <p role="alert" className="text-sm text-red-700">
            {problem.text}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
