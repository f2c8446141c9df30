// The shell of the customer's forms (accept, decline or ask for changes, comment): checked by
// our own schemas, not the browser's, and sent by a function instead of a page load.
import type { ReactNode } from 'react';

export function ActionForm({ label, className, id, onSend, children }: { label: string; className: string; id?: string; onSend: () => void; children: ReactNode }) {
  return (
    <form
      id={id}
      noValidate
      aria-label={label}
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      {children}
    </form>
  );
}
