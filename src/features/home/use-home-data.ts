// The home page's summary, from the documents the home mirror keeps in memory (read once per
// database, then followed through change events): a first visit waits for that read, coming
// back shows the summary of the current documents at once, and every change re-renders it.
import { format } from 'date-fns';
import { useSyncExternalStore } from 'react';
import { useWorkspace } from '../../db/react';
import type { HomeSummary } from './dashboard';
import { homeMirrorOf } from './home-mirror';

export function useHomeData(): HomeSummary | null {
  const { db, orgId, userId } = useWorkspace();
  const mirror = homeMirrorOf(db, orgId);
  // The version says when to render again; the summary itself is made once per version.
  useSyncExternalStore(mirror.subscribe, mirror.version);
  return mirror.summary(userId, format(new Date(), 'yyyy-MM-dd'));
}
