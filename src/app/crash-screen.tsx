import { Copy, House, RotateCcw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { describeError, errorIdOf } from '../lib/errors';
import { newErrorId, recordError } from '../lib/error-queue';
import { APP_VERSION } from '../lib/version';

export type CrashKind = 'Auth Provider Error' | 'Router Error' | undefined;

function buildErrorReport(input: { errorId: string; route: string; version: string; message: string; kind?: string; time: string }): string {
  return [
    'Customer Engagement Portal error report',
    `Error ID: ${input.errorId}`,
    `Route: ${input.route}`,
    `Version: ${input.version}`,
    `Time: ${input.time}`,
    ...(input.kind ? [`Where: ${input.kind}`] : []),
    `Message: ${input.message}`,
  ].join('\n');
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** What a user sees when a part of the app crashed: plain words and three ways out. */
export function CrashScreen({ error, kind, onRetry }: { error: unknown; kind?: CrashKind; onRetry?: () => void }) {
  const described = describeError(error);
  const [errorId] = useState(() => errorIdOf(described.technical) ?? newErrorId());
  const [reported, setReported] = useState<{ copied: boolean; text: string } | null>(null);

  const report = async () => {
    const route = `${window.location.pathname}${window.location.search}`;
    const text = buildErrorReport({ errorId, route, version: APP_VERSION, message: described.technical, kind, time: new Date().toISOString() });
    await recordError({
      errorId,
      message: described.technical,
      route,
      version: APP_VERSION,
      name: error instanceof Error ? error.name : undefined,
      stack: error instanceof Error ? error.stack : undefined,
      severity: 'critical',
      source: kind ?? 'crash-screen',
    });
    setReported({ copied: await copyText(text), text });
  };

  return (
    <div role="alert" className="flex min-h-[60vh] items-center justify-center px-4 py-10">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <div aria-hidden="true" className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
          <TriangleAlert className="size-6" />
        </div>
        {kind && (
          <p className="mt-4">
            <Badge tone="danger">{kind}</Badge>
          </p>
        )}
        <h1 className="mt-3 text-xl font-semibold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-slate-600">{described.userMessage}</p>
        <p className="mt-1 text-sm text-slate-500">Error ID: <span className="font-mono">{errorId}</span></p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button icon={<RotateCcw aria-hidden="true" className="size-4" />} onClick={onRetry ?? (() => window.location.reload())}>
            Try Again
          </Button>
          <Button variant="secondary" icon={<House aria-hidden="true" className="size-4" />} onClick={() => window.location.assign('/')}>
            Go Home
          </Button>
          <Button variant="ghost" icon={<Copy aria-hidden="true" className="size-4" />} onClick={() => void report()}>
            Report this error
          </Button>
        </div>
        <div role="status" className="mt-4 text-sm">
          {reported?.copied && <p className="text-emerald-700">Report copied to the clipboard and saved on this device (Error ID: {errorId}).</p>}
          {reported && !reported.copied && (
            <>
              <p className="text-slate-700">Report saved on this device. Copy it from here to send it to us:</p>
              <textarea
                readOnly
                aria-label="Error report"
                className="mt-2 h-32 w-full rounded-lg border border-slate-300 p-2 text-left font-mono text-xs"
                value={reported.text}
                onFocus={(event) => event.currentTarget.select()}
              />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
