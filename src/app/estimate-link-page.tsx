// What estimate-link.tsx renders: the estimate link page's tree (estimate-link-app.tsx), taking
// over the server's HTML when the page came rendered with its estimate, drawn afresh otherwise.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { CustomerEstimate } from '../features/customer-portal/estimate-view/schemas';
import { EstimateLinkApp } from './estimate-link-app';
export { showStartupError } from './startup-error';

export function showEstimateLink(token: string, opening?: CustomerEstimate | null): void {
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <EstimateLinkApp token={token} opening={opening} />
    </StrictMode>
  );
  if (opening === undefined) createRoot(root).render(app);
  else hydrateRoot(root, app);
}
