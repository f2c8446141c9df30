// Auth latency against its floor: password sign-in and refresh (p50, p95) as ratios of one
// bcrypt verification at the same cost measured in this run, and wrong-password versus
// unknown-user sign-in (both should cost one bcrypt comparison, so the ratio is near 1).
import bcrypt from 'bcryptjs';
import { createTestClient, startTestServer } from '../../supabase/local/testing/harness';

const PASSWORD = 'Str0ng!Passw0rd';
const COST = 10;
const ROUNDS = 20;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function measure(rounds: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) samples.push(await time(fn));
  return samples;
}

export async function run(): Promise<void> {
  const server = await startTestServer('pglite', { BCRYPT_COST: String(COST) });
  try {
    const email = 'bench@example.com';
    await createTestClient(server, server.serviceRoleKey).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const hash = await bcrypt.hash(PASSWORD, COST);

    const bcryptSamples = await measure(ROUNDS, () => bcrypt.compare(PASSWORD, hash));
    const signIn = await measure(ROUNDS, async () => {
      const { error } = await createTestClient(server).auth.signInWithPassword({ email, password: PASSWORD });
      if (error) throw error;
    });
    const client = createTestClient(server);
    const { data } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    let refreshToken = data.session!.refresh_token;
    const refresh = await measure(ROUNDS, async () => {
      const { data: next, error } = await createTestClient(server).auth.refreshSession({ refresh_token: refreshToken });
      if (error) throw error;
      refreshToken = next.session!.refresh_token;
    });
    const wrong = await measure(ROUNDS, () => createTestClient(server).auth.signInWithPassword({ email, password: 'Wr0ng!Password' }));
    const unknown = await measure(ROUNDS, () => createTestClient(server).auth.signInWithPassword({ email: 'nobody@example.com', password: PASSWORD }));

    const base = percentile(bcryptSamples, 50);
    const row = (name: string, samples: number[]) =>
      console.log(
        `${name.padEnd(28)} p50 ${percentile(samples, 50).toFixed(1).padStart(7)} ms (${(percentile(samples, 50) / base).toFixed(2)}x bcrypt)  ` +
          `p95 ${percentile(samples, 95).toFixed(1).padStart(7)} ms (${(percentile(samples, 95) / base).toFixed(2)}x bcrypt)`,
      );
    console.log(`bcrypt cost ${COST}, ${ROUNDS} rounds each, PGlite`);
    row('bcrypt verification', bcryptSamples);
    row('sign-in (password)', signIn);
    row('refresh', refresh);
    row('sign-in, wrong password', wrong);
    row('sign-in, unknown user', unknown);
    console.log(`wrong password / unknown user (p50): ${(percentile(wrong, 50) / percentile(unknown, 50)).toFixed(2)}`);
  } finally {
    await server.close();
  }
}
