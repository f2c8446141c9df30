import { describe, expect, it } from 'vitest';
import type { LocalContext } from './context';
import { JOBS, startJobs } from './jobs';

function fakeContext(kind: 'pglite' | 'postgres', functions: string[]) {
  const ran: string[] = [];
  const ctx = {
    db: {
      kind,
      async query(sql: string, params?: unknown[]) {
        if (sql.includes('to_regprocedure')) return { rows: [{ f: functions.includes(String(params?.[0])) ? String(params?.[0]) : null }] };
        ran.push(sql);
        return { rows: [] };
      },
    },
    log: { error: () => undefined },
  } as unknown as LocalContext;
  return { ctx, ran };
}

async function runOnce(kind: 'pglite' | 'postgres', functions: string[]) {
  const { ctx, ran } = fakeContext(kind, functions);
  const jobs = startJobs(ctx, JOBS);
  await new Promise((resolve) => setTimeout(resolve, 20));
  await jobs.close();
  return ran.sort();
}

describe('scheduled jobs', () => {
  it('analyzes PGlite (no autovacuum) but leaves PostgreSQL to its autovacuum', async () => {
    expect(await runOnce('pglite', ['public.expire_estimates()'])).toEqual(['analyze', 'select public.expire_estimates()']);
    expect(await runOnce('postgres', ['public.expire_estimates()'])).toEqual(['select public.expire_estimates()']);
  });

  it('skips a job whose function the schema does not have yet', async () => {
    expect(await runOnce('postgres', [])).toEqual([]);
  });
});
