// Scheduled database jobs that hosted Supabase runs with pg_cron (see README): here a timer.
// Each job is a function of the schema; a job whose function does not exist is skipped.
import type { LocalContext } from './context';

export type Job = { name: string; sql: string; everyMs: number };

export const JOBS: Job[] = [
  // Estimates past their valid-until date become expired.
  { name: 'expire_estimates', sql: 'select public.expire_estimates()', everyMs: 10 * 60_000 },
];

export function startJobs(ctx: LocalContext, jobs = JOBS): { close(): Promise<void> } {
  const running = new Set<Promise<void>>();
  let closed = false;
  const timers = jobs.map((job) => {
    const run = async () => {
      const exists = await ctx.db.query<{ f: string | null }>(`select to_regprocedure($1)::text as f`, [`public.${job.name}()`]);
      if (!exists.rows[0]?.f || closed) return;
      await ctx.db.query(job.sql).catch((error: unknown) => ctx.log.error(`job ${job.name} failed`, error));
    };
    const start = () => {
      if (closed) return;
      const p = run().catch(() => undefined);
      running.add(p);
      void p.finally(() => running.delete(p));
    };
    start();
    const timer = setInterval(start, job.everyMs);
    timer.unref();
    return timer;
  });
  return {
    async close() {
      closed = true;
      timers.forEach(clearInterval);
      await Promise.all(running);
    },
  };
}
