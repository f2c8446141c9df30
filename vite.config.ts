import { defineConfig } from 'vite';

// Test layout: `unit` is fast and needs no database; `db` starts the local backend
// (PGlite, and PostgreSQL when reachable) and drives it with supabase-js.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sync/**/*.test.ts', 'supabase/local/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'db',
          include: ['supabase/tests/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
