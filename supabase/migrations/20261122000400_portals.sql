-- Portals, comments and estimate requests (replicated), and the server-only tables behind
-- token pages: customer sessions and access logs.

-- A random token with 256 bits of entropy, URL-safe, and the only form the server keeps.
create or replace function private.new_token() returns text
language sql volatile set search_path = '' as $$
  select rtrim(translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/', '-_'), '=')
$$;

create or replace function private.token_hash(token text) returns text
language sql immutable strict set search_path = '' as $$
  select encode(sha256(convert_to(token, 'UTF8')), 'hex')
$$;

create table public.portals (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  kind text not null check (kind in ('customer', 'prospect')),
  account_id uuid,
  prospect_id uuid,
  name text not null check (length(name) between 1 and 200),
  welcome_message text not null default '',
  brand_color text not null default '' check (brand_color = '' or brand_color ~ '^#[0-9a-fA-F]{6}$'),
  -- Which estimates the portal shows: all non-draft estimates of its account or prospect,
  -- minus those with estimates.hidden_from_portal (scalars, not an id list, for RxDB).
  show_all_estimates boolean not null default true,
  allow_requests boolean not null default true,
  -- Server-owned: the hash of the latest link issued (the links themselves are in
  -- portal_links, 20261125000600_portals.sql), the expiry set through create_portal and
  -- update_portal, the revocation, and the last access recorded by the portal home.
  token_hash text,
  expires_at timestamptz,
  revoked_at timestamptz,
  last_accessed_at timestamptz,
  like private.replicated_columns including defaults,
  -- The chosen set of visible estimates (a JSON array of ids in text: devices replicate scalar
  -- columns only; used when show_all_estimates is false), whether a prospect portal asks for
  -- the e-mailed one-time code too (customer portals always do), and the views counted by
  -- portal_home (server-owned). All in 20261125000600_portals.sql.
  visible_estimate_ids text not null default '[]',
  require_code boolean not null default false,
  view_count integer not null default 0,
  unique (id, org_id),
  foreign key (account_id, org_id) references public.accounts (id, org_id) on delete cascade,
  foreign key (prospect_id, org_id) references public.prospects (id, org_id) on delete cascade,
  check ((kind = 'customer' and account_id is not null) or (kind = 'prospect' and prospect_id is not null)),
  constraint portals_visible_estimate_ids_format
    check (length(visible_estimate_ids) <= 12000
           and visible_estimate_ids ~ '^\[\s*("[0-9a-fA-F-]{36}"\s*(,\s*"[0-9a-fA-F-]{36}"\s*)*)?\]$'),
  constraint portals_welcome_message_length check (length(welcome_message) <= 2000)
);
create unique index portals_token_hash_idx on public.portals (token_hash) where token_hash is not null;

create or replace function public.portals_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  if private.is_client_write() then
    if tg_op = 'INSERT' then
      new.token_hash := null;
      new.expires_at := null;
      new.revoked_at := null;
      new.last_accessed_at := null;
      new.view_count := 0;
    else
      new.token_hash := old.token_hash;
      new.expires_at := old.expires_at;
      new.revoked_at := old.revoked_at;
      new.last_accessed_at := old.last_accessed_at;
      new.view_count := old.view_count;
    end if;
  end if;
  return new;
end
$$;
create trigger a_portals_before_write before insert or update on public.portals for each row execute function public.portals_before_write();

create table public.comments (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  estimate_id uuid,
  portal_id uuid,
  author_kind text not null default 'staff' check (author_kind in ('staff', 'customer')),
  author_user_id uuid references auth.users (id) on delete set null,
  author_prospect_id uuid,
  author_name text not null default '',
  body text not null check (length(body) between 1 and 10000),
  internal boolean not null default false,
  like private.replicated_columns including defaults,
  foreign key (estimate_id, org_id) references public.estimates (id, org_id) on delete cascade,
  foreign key (portal_id, org_id) references public.portals (id, org_id) on delete cascade,
  foreign key (author_prospect_id, org_id) references public.prospects (id, org_id) on delete set null (author_prospect_id),
  check (estimate_id is not null or portal_id is not null),
  check (author_kind = 'staff' or not internal)
);
create index comments_estimate_id_idx on public.comments (estimate_id);
create index comments_portal_id_idx on public.comments (portal_id);

-- Staff comments are signed by the server: the author is the caller, never what the
-- device claims. Customer comments arrive through token-checked RPC functions.
create or replace function public.comments_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  if private.is_client_write() then
    if tg_op = 'INSERT' then
      new.author_kind := 'staff';
      new.author_user_id := auth.uid();
      new.author_prospect_id := null;
      if new.author_name = '' then
        select btrim(p.first_name || ' ' || p.last_name) into new.author_name
          from public.profiles p where p.user_id = auth.uid() and p.org_id = new.org_id;
        new.author_name := coalesce(new.author_name, '');
      end if;
    else
      new.author_kind := old.author_kind;
      new.author_user_id := old.author_user_id;
      new.author_prospect_id := old.author_prospect_id;
      new.author_name := old.author_name;
      new.estimate_id := old.estimate_id;
      new.portal_id := old.portal_id;
    end if;
  end if;
  return new;
end
$$;
create trigger a_comments_before_write before insert or update on public.comments for each row execute function public.comments_before_write();

create table public.estimate_requests (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  -- What the requester is told to quote (REQ-…), set by the server on insert
  -- (20261125000200_customer_estimate.sql), unique per organization.
  reference text not null default '',
  name text not null default '',
  email text not null default '',
  phone text not null default '',
  company text not null default '',
  description text not null default '',
  desired_start date,
  budget_range text not null default '',
  source text not null default 'request_form' check (source in ('request_form', 'portal', 'manual')),
  portal_id uuid,
  prospect_id uuid,
  status text not null default 'new' check (status in ('new', 'in_review', 'converted', 'dismissed')),
  converted_estimate_id uuid,
  ip_address text not null default '',
  user_agent text not null default '',
  like private.replicated_columns including defaults,
  -- Why a request was dismissed and when its status last changed (20261125000300_crm.sql).
  dismiss_reason text not null default '' check (length(dismiss_reason) <= 500),
  status_changed_at timestamptz,
  foreign key (portal_id, org_id) references public.portals (id, org_id) on delete set null (portal_id),
  foreign key (prospect_id, org_id) references public.prospects (id, org_id) on delete set null (prospect_id),
  foreign key (converted_estimate_id, org_id) references public.estimates (id, org_id) on delete set null (converted_estimate_id)
);

select private.setup_replicated_table('public.portals');
select private.setup_replicated_table('public.comments');
select private.setup_replicated_table('public.estimate_requests');
grant insert, update on public.portals, public.comments, public.estimate_requests to authenticated;

select private.add_org_policies('public.portals', 'portals', 'admins');

select private.add_org_policies('public.comments', 'comments');
create policy "Sales can comment in their organization" on public.comments
  for insert to authenticated
  with check (org_id = any ((select private.org_ids_with_role(array['owner', 'admin', 'sales']))::uuid[]));
create policy "Staff can update their own comments" on public.comments
  for update to authenticated
  using (author_user_id = (select auth.uid()) and org_id = any ((select private.org_ids_with_role(array['owner', 'admin', 'sales']))::uuid[]))
  with check (org_id = any ((select private.org_ids_with_role(array['owner', 'admin', 'sales']))::uuid[]));
create policy "Admins can update comments of their organization" on public.comments
  for update to authenticated
  using (org_id = any ((select private.org_ids_with_role(array['owner', 'admin']))::uuid[]))
  with check (org_id = any ((select private.org_ids_with_role(array['owner', 'admin']))::uuid[]));

select private.add_org_policies('public.estimate_requests', 'estimate requests', 'sales');

-- Server-only. A customer session (SPEC.md §3) belongs to one prospect; its token is kept
-- hashed. Rows are inserted and deleted outright by token-checked RPC functions.
create table public.customer_sessions (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  prospect_id uuid not null,
  portal_id uuid,
  session_token_hash text not null unique,
  encrypted_data text not null default '',
  expires_at timestamptz not null,
  ip_address text not null default '',
  user_agent text not null default '',
  created_at timestamptz not null default now(),
  last_seen_at timestamptz,
  foreign key (prospect_id, org_id) references public.prospects (id, org_id) on delete cascade,
  foreign key (portal_id, org_id) references public.portals (id, org_id) on delete cascade
);
create index customer_sessions_expires_at_idx on public.customer_sessions (expires_at);

-- Server-only. Every use of a token page (portal, prospect portal, estimate link, invite),
-- including refused ones: unknown tokens are logged with what little is known.
create table public.access_logs (
  id bigint generated by default as identity primary key,
  org_id uuid references public.organizations (id) on delete cascade,
  token_kind text not null check (token_kind in ('portal', 'prospect_portal', 'estimate', 'invite', 'session')),
  portal_id uuid,
  estimate_id uuid,
  prospect_id uuid,
  invite_id uuid,
  outcome text not null check (outcome in ('ok', 'denied')),
  ip_address text not null default '',
  user_agent text not null default '',
  accessed_at timestamptz not null default now(),
  -- What was opened, and the customer session that opened it (20261125000600_portals.sql).
  what text not null default '' check (length(what) <= 200),
  session_id uuid
);
create index access_logs_org_accessed_idx on public.access_logs (org_id, accessed_at desc);

alter table public.customer_sessions enable row level security;
alter table public.access_logs enable row level security;
revoke all on public.customer_sessions, public.access_logs from anon, authenticated;

-- Portal links. Issuing adds a link (portal_links, 20261125000600_portals.sql) and returns
-- its raw token once; only its hash is stored. Links already shared keep working; rotating
-- (rotate_portal_token) ends them all.
create or replace function public.issue_portal_token(portal_id uuid)
returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  target public.portals;
  token text := private.new_token();
  new_link uuid;
begin
  select * into target from public.portals p where p.id = issue_portal_token.portal_id and not p._deleted;
  perform private.require_role(target.org_id, array['owner', 'admin'], 'Only owners and admins of the organization can issue portal links');
  insert into public.portal_links (org_id, portal_id, token_hash, channel, created_by)
    values (target.org_id, target.id, private.token_hash(token), 'link', auth.uid())
    returning id into new_link;
  update public.portals p set token_hash = private.token_hash(token) where p.id = target.id;
  return jsonb_build_object('portal_id', target.id, 'link_id', new_link, 'token', token, 'kind', target.kind);
end
$$;

-- Revoking a portal closes it: links, the access code and sessions stop working (its rows
-- stay, so rotate_portal_token can open it again with a new link).
create or replace function public.revoke_portal_token(portal_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  target public.portals;
begin
  select * into target from public.portals p where p.id = revoke_portal_token.portal_id;
  perform private.require_role(target.org_id, array['owner', 'admin'], 'Only owners and admins of the organization can revoke portal links');
  update public.portals p set revoked_at = now() where p.id = target.id and p.revoked_at is null;
  perform private.end_portal_sessions(target.id);
end
$$;

revoke execute on function public.issue_portal_token(uuid), public.revoke_portal_token(uuid) from public, anon;
