import type { Snapshot } from '../schemas';

export function NotesAndTerms({ snapshot }: { snapshot: Snapshot }) {
  const { notes, terms } = snapshot.estimate;
  if (!notes.trim() && !terms.trim()) return null;
  return (
    <section aria-label="Notes and terms" className="grid gap-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6 print:p-0 print:shadow-none print:ring-0">
      {notes.trim() && (
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Notes</h2>
          <p className="mt-2 text-base whitespace-pre-line text-slate-700">{notes}</p>
        </div>
      )}
      {terms.trim() && (
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Terms</h2>
          <p className="mt-2 text-base whitespace-pre-line text-slate-700">{terms}</p>
        </div>
      )}
    </section>
  );
}
