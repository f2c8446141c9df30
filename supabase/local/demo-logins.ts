// The staff accounts of supabase/seed.sql, printed by `npm start` on a freshly seeded database.
// Keep in step with the comment at the top of seed.sql.
export type DemoLogin = { role: 'owner' | 'admin' | 'sales' | 'viewer'; email: string; password: string };

export const DEMO_LOGINS: readonly DemoLogin[] = [
  { role: 'owner', email: 'owner@summithome.example', password: 'Demo-Owner-2026!' },
  { role: 'admin', email: 'admin@summithome.example', password: 'Demo-Admin-2026!' },
  { role: 'sales', email: 'sales@summithome.example', password: 'Demo-Sales-2026!' },
  { role: 'viewer', email: 'viewer@summithome.example', password: 'Demo-Viewer-2026!' },
];
