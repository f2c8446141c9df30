// Issuing a customer link for an estimate is a remote call (it cannot work offline). Features
// never reach the Supabase client themselves, so the app hands the function in through this
// context; without a provider the "Copy customer link" action is not offered. Kept apart from
// the send dialog so the app shell can provide it without loading the estimates screens.
import { createContext, useContext, type ReactNode } from 'react';

/** Returns a fresh raw token for /portal/estimate/{token}; the previous link stops working. */
export type IssueEstimateLink = (estimateId: string) => Promise<string>;

const IssueLinkContext = createContext<IssueEstimateLink | null>(null);

export function EstimateLinkProvider({ issue, children }: { issue: IssueEstimateLink; children: ReactNode }) {
  return <IssueLinkContext.Provider value={issue}>{children}</IssueLinkContext.Provider>;
}

export function useIssueEstimateLink(): IssueEstimateLink | null {
  return useContext(IssueLinkContext);
}
