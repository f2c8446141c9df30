// The worker's answer to the page's current query. A new answer is rendered as a transition,
// so drawing the charts yields to input instead of holding the main thread.
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useWorkspace } from '../../db/react';
import { analyticsClientFor } from './analytics-client';
import { preloadCharts } from './charts';
import type { AnalyticsQuery } from './summarize';
import type { FromWorker } from './worker-protocol';

export type Answer = Extract<FromWorker, { type: 'result' }>;

export function useAnalytics(query: AnalyticsQuery | null): { answer: Answer | null; error: string | null; computing: boolean } {
  const { db } = useWorkspace();
  const client = useMemo(() => analyticsClientFor(db), [db]);
  const requested = useRef(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);

  useEffect(
    () =>
      client.listen((message) => {
        if (message.id !== requested.current) return;
        if (message.type === 'error') return setError(message.message);
        // Shown with the chart library in (or failed to load: the tables carry the figures),
        // so the charts draw with the figures, one per frame, not all at once when it comes.
        const show = () => {
          if (message.id !== requested.current) return;
          startTransition(() => {
            setError(null);
            setAnswer(message);
          });
        };
        preloadCharts().then(show, show);
      }),
    [client],
  );

  const key = query ? JSON.stringify(query) : '';
  useEffect(() => {
    if (!query) return;
    requested.current = client.query(query);
    setAsked(requested.current);
    // The query is rebuilt on every render; its JSON says when it really changed.
  }, [client, key]);

  return { answer, error, computing: answer?.id !== asked };
}
