// Least privilege (issue 20, item 6): every function the API roles can execute in the schema
// the API exposes (public) is on the allow-list below, and every function on it is there on
// purpose. A new function is closed until someone grants it and adds it here. Helpers that
// policies and triggers call as the caller live in private, which the API never exposes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../local/db';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';

const backends = await backendsToTest();

/** Token pages, the customer portal and the public request form: reachable without an account. */
const ANON = [
  'accept_estimate_by_link(p_token text, p_key uuid, p_version_id uuid, p_name text, p_signature text, p_signature_method text, p_agreed boolean, p_selected_item_ids uuid[])',
  'comment_on_estimate_by_link(p_token text, p_key uuid, p_name text, p_body text)',
  'decline_estimate_by_link(p_token text, p_key uuid, p_version_id uuid, p_reason text)',
  'estimate_by_link_token(p_token text)',
  'estimate_link_page(p_token text)',
  'estimate_link_updates(p_token text, p_version_id uuid)',
  'invite_details(p_token text)',
  'portal_comment(p_session text, p_token text, p_key uuid, p_body text)',
  'portal_estimate_link(p_session text, p_token text, p_estimate_id uuid, p_record boolean)',
  'portal_home(p_session text, p_token text, p_record boolean)',
  'portal_request(p_session text, p_token text, p_key uuid, p_name text, p_email text, p_phone text, p_company text, p_description text, p_desired_start date, p_budget_range text)',
  'portal_send_sign_in_code(p_token text, p_code text, p_prospect_id uuid)',
  'portal_session_check(p_session text)',
  'portal_sign_in(p_token text, p_code text, p_challenge_id uuid, p_one_time_code text, p_encrypted_data text)',
  'portal_sign_in_options(p_token text, p_code text)',
  'portal_sign_out(p_session text)',
  'portal_updates(p_session text, p_token text)',
  'record_estimate_link_view(p_token text)',
  'request_estimate_changes_by_link(p_token text, p_key uuid, p_version_id uuid, p_message text)',
  'request_form_organization(p_org text)',
  'submit_estimate_request(p_key uuid, p_org text, p_name text, p_email text, p_phone text, p_company text, p_description text, p_desired_start date, p_budget_range text, p_website text)',
];

/** Staff actions that are not replicated, and sync itself; each checks the caller's role inside. */
const STAFF_ONLY = [
  'accept_invite(token text)',
  'create_invite(email text, role text, org_id uuid)',
  'create_portal(p_id uuid, p_org_id uuid, p_kind text, p_customer_id uuid, p_settings jsonb)',
  'delete_portal(p_portal_id uuid)',
  'issue_estimate_link(p_estimate_id uuid)',
  'issue_portal_token(portal_id uuid)',
  'list_access_logs(p_org_id uuid, p_limit integer)',
  'list_customer_sessions(p_org_id uuid)',
  'list_estimate_links(p_estimate_id uuid)',
  'list_invites(org_id uuid)',
  'new_portal_access_code(p_portal_id uuid)',
  'portal_activity(p_portal_id uuid)',
  'portal_preview(p_portal_id uuid)',
  'remove_member(p_profile_id uuid)',
  'resend_invite(p_invite_id uuid)',
  'revoke_customer_session(p_session_id uuid)',
  'revoke_estimate_link(p_link_id uuid)',
  'revoke_invite(invite_id uuid)',
  'revoke_portal_link(p_link_id uuid)',
  'revoke_portal_token(portal_id uuid)',
  'rotate_estimate_links(p_estimate_id uuid)',
  'rotate_portal_token(p_portal_id uuid)',
  'send_portal_link(p_portal_id uuid, p_prospect_id uuid, p_email text, p_message text)',
  'set_member_role(p_profile_id uuid, p_role text)',
  'set_member_status(p_profile_id uuid, p_status text)',
  'sync_pull(p_table text, p_after_txid text, p_after_id uuid, p_limit integer)',
  'sync_push(p_device_id uuid, p_changes jsonb)',
  'sync_resend_row(p_table text, p_id uuid)',
  'team_sign_ins(p_org_id uuid)',
  'transfer_ownership(profile_id uuid, password text)',
  'update_portal(p_portal_id uuid, p_settings jsonb)',
];

/** The helpers issue 20 found callable by anyone; they must stay out of the exposed schema. */
const INTERNAL_HELPERS = ['compute_totals', 'has_role', 'is_member', 'member_org_ids', 'org_ids_with_role', 'round_half_away', 'line_net_cents', 'is_legal_estimate_transition'];

async function executable(db: Db, role: string, schema: string): Promise<string[]> {
  const { rows } = await db.query<{ fn: string }>(
    `select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as fn
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = $2 and has_function_privilege($1, p.oid, 'execute')
     order by 1`,
    [role, schema],
  );
  return rows.map((r) => r.fn);
}

describe.each(backends)('function privileges on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
  });
  afterAll(() => server?.close());

  it('lets anon execute only the functions of the public pages', async () => {
    expect(await executable(db, 'anon', 'public')).toEqual([...ANON].sort());
  });

  it('lets authenticated execute only the public pages, the staff actions and sync', async () => {
    expect(await executable(db, 'authenticated', 'public')).toEqual([...ANON, ...STAFF_ONLY].sort());
  });

  it('keeps the internal helpers out of the exposed schema, and the API out of private', async () => {
    const { rows } = await db.query<{ schema: string; name: string }>(
      `select n.nspname as schema, p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where p.proname = any ($1) order by 2`,
      [INTERNAL_HELPERS],
    );
    expect(rows.map((r) => `${r.schema}.${r.name}`)).toEqual([...INTERNAL_HELPERS].sort().map((n) => `private.${n}`));
    for (const name of INTERNAL_HELPERS) {
      const res = await fetch(`${server.url}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(404);
    }
  });

  it('closes a new function until someone grants it', async () => {
    const rights = await db.transaction(async (tx) => {
      await tx.query(`create function public.h1_probe() returns int language sql as 'select 1'`);
      await tx.query(`create function private.h1_probe() returns int language sql as 'select 1'`);
      const { rows } = await tx.query<{ role: string; public: boolean; private: boolean }>(
        `select r as role, has_function_privilege(r, 'public.h1_probe()', 'execute') as public,
                has_function_privilege(r, 'private.h1_probe()', 'execute') as private
         from unnest(array['anon', 'authenticated', 'service_role']) r`,
      );
      throw Object.assign(new Error('roll back'), { rows });
    }).catch((error: { rows?: unknown }) => error.rows);
    expect(rights).toEqual([
      { role: 'anon', public: false, private: true },
      { role: 'authenticated', public: false, private: true },
      { role: 'service_role', public: true, private: true },
    ]);
  });

  it('grants no trigger function to the API roles (they fire without it)', async () => {
    const { rows } = await db.query<{ fn: string }>(
      `select p.oid::regprocedure::text as fn from pg_proc p
       where p.pronamespace = 'public'::regnamespace and p.prorettype = 'trigger'::regtype
         and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))`,
    );
    expect(rows).toEqual([]);
  });
});
