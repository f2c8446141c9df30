// Scheduled database jobs that hosted Supabase runs with pg_cron (see README): here a timer.
// A job that calls a function of the schema is skipped while that function does not exist.
import type { LocalContext } from './context';

export type Job = {
  name: string;
  sql: string;
  everyMs: number;
  /** The schema function the job calls (`public.<name>()`), checked before each run. */
  fn?: string;
  /** Only on this kind of database. */
  only?: 'pglite' | 'postgres';
};

export const JOBS: Job[] = [
  // Estimates past their valid-until date become expired.
  { name: 'expire_estimates', fn: 'expire_estimates', sql: 'select public.expire_estimates()', everyMs: 10 * 60_000 },
  // PGlite has no autovacuum: without statistics the planner picks plans that read whole
  // tables for one sync page (it sorts every remaining row). PostgreSQL's autovacuum does this.
  { name: 'analyze', sql: 'analyze', everyMs: 5 * 60_000, only: 'pglite' },
];

export function startJobs(ctx: LocalContext, jobs = JOBS): { close(): Promise<void> } {
  const running = new Set<Promise<void>>();
  let closed = false;
  const timers = jobs.filter((job) => !job.only || job.only === ctx.db.kind).map((job) => {
    const run = async () => {
      if (job.fn) {
        const exists = await ctx.db.query<{ f: string | null }>(`select to_regprocedure($1)::text as f`, [`public.${job.fn}()`]);
        if (!exists.rows[0]?.f) return;
      }
      if (closed) return;
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
