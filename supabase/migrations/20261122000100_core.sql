-- Tenancy core: organizations, team member profiles, membership helpers, the row stamping
-- trigger shared by every replicated table, and sign-up without an invite.
--
-- Error codes raised by this schema (PostgREST maps them to HTTP statuses):
--   42501  403  the caller's role in the organization does not allow the action
--   22023  400  an RPC argument is invalid (unknown role, malformed e-mail, ...)
--   23514  400  a row breaks a rule of its table
--   PT404  404  a token is unknown, expired, revoked or already used (one answer for all)
--   PT409  409  the change conflicts with current state (already a member, last owner, ...)
--   PT422  422  illegal estimate status transition
--   PT423  423  the estimate is accepted or declined and therefore locked
-- The `detail` of PT4xx errors is a stable reason key the client can map to a message.
--
-- Replicated tables share: id uuid (generated on the device), org_id, and the sync columns
-- created_at, updated_at, _modified, _deleted (soft delete only) and _txid, declared once in
-- private.replicated_columns below. The pull checkpoint is (_txid, id) with
-- _txid < pg_snapshot_xmin(pg_current_snapshot()) (see ARCHITECTURE.md).

-- Internal helpers live in schema private, which the API does not expose (PostgREST serves
-- only public), so clients reach them only through triggers and policies.
create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

-- The sync columns of every replicated table after id and org_id, declared once: each table
-- copies them with `like private.replicated_columns including defaults` (the columns land
-- where the clause stands). A template only: it holds no rows and nothing reads it.
create table private.replicated_columns (
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default now(),
  _deleted boolean not null default false,
  _txid xid8 not null default pg_current_xact_id()
);
revoke all on private.replicated_columns from public, anon, authenticated;

-- Which writes come from API clients, as opposed to this schema's own SECURITY DEFINER
-- functions, the seed or a service process: only client writes are held to the
-- server-owned column rules.
create or replace function private.is_client_write() returns boolean
language sql stable set search_path = '' as $$
  select current_user in ('anon', 'authenticated')
$$;

-- Server-owned columns of every replicated row. Runs last among BEFORE triggers (z_ prefix).
create or replace function public.stamp_replicated_row() returns trigger
language plpgsql set search_path = '' as $$
begin
  new._txid := pg_current_xact_id();
  new._modified := clock_timestamp();
  new.updated_at := now();
  if tg_op = 'INSERT' then
    -- A device may create a row offline hours before it syncs; keep that moment, never a future one.
    new.created_at := least(coalesce(new.created_at, now()), now());
  else
    new.created_at := old.created_at;
    if new.id is distinct from old.id or new.org_id is distinct from old.org_id then
      raise exception 'id and org_id cannot change' using errcode = '23514';
    end if;
  end if;
  return new;
end
$$;

create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null,
  name text not null check (length(name) between 1 and 200),
  address text not null default '' constraint organizations_address_length check (length(address) <= 500),
  phone text not null default '' constraint organizations_phone_length check (length(phone) <= 40),
  -- The logo is stored inline (the settings page resizes it in the browser): a PNG, JPEG or
  -- WebP data URL of at most 200 KB, so every device and the customer pages carry it offline.
  logo text not null default '' constraint organizations_logo_is_a_small_image check (
    logo = '' or (logo ~ '^data:image/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$' and octet_length(logo) <= 204800)),
  brand_color text not null default '#2563eb' check (brand_color ~ '^#[0-9a-fA-F]{6}$'),
  -- Letters, digits and . _ / # - only: no spaces, at most 10 characters (EST-000123).
  estimate_prefix text not null default 'EST-' constraint organizations_estimate_prefix_format check (estimate_prefix ~ '^[A-Za-z0-9._/#-]{0,10}$'),
  default_validity_days integer not null default 30 check (default_validity_days between 1 and 365),
  default_tax_rate numeric(6,3) not null default 0 check (default_tax_rate between 0 and 100),
  default_terms text not null default '' constraint organizations_default_terms_length check (length(default_terms) <= 5000),
  like private.replicated_columns including defaults,
  -- The public request form's address (/requests?org={slug}): made from the name when empty,
  -- owners and admins may change it (20261125000200_customer_estimate.sql).
  request_slug text not null constraint organizations_request_slug_key unique,
  constraint organizations_org_id_is_id check (org_id = id)
);

create or replace function public.organizations_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.org_id := new.id;
  if private.is_client_write() and tg_op = 'UPDATE' and new._deleted and not old._deleted then
    raise exception 'An organization cannot be deleted by its members' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger a_organizations_before_write before insert or update on public.organizations for each row execute function public.organizations_before_write();
create trigger z_stamp before insert or update on public.organizations for each row execute function public.stamp_replicated_row();

create table public.profiles (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('owner', 'admin', 'sales', 'viewer')),
  first_name text not null default '',
  last_name text not null default '',
  email text not null default '',
  phone text not null default '' constraint profiles_phone_length check (length(phone) <= 40),
  status text not null default 'active' check (status in ('active', 'disabled')),
  like private.replicated_columns including defaults,
  unique (org_id, user_id),
  unique (id, org_id)
);
create index profiles_user_id_idx on public.profiles (user_id);

-- Membership helpers. SECURITY DEFINER so policies on profiles do not recurse. What a
-- membership is (an active, not deleted profile of the signed-in user) is said once, in
-- private.caller_memberships, which only they call.
create or replace function private.caller_memberships() returns table (org_id uuid, role text)
language sql stable set search_path = '' as $$
  select p.org_id, p.role from public.profiles p
  where p.user_id = auth.uid() and p.status = 'active' and not p._deleted
$$;

create or replace function private.member_org_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.org_id), '{}') from private.caller_memberships() m
$$;

create or replace function private.org_ids_with_role(roles text[]) returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.org_id), '{}') from private.caller_memberships() m where m.role = any (roles)
$$;

create or replace function private.is_member(org uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.caller_memberships() m where m.org_id = org)
$$;

create or replace function private.has_role(org uuid, roles text[]) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.caller_memberships() m where m.org_id = org and m.role = any (roles))
$$;
revoke execute on function private.caller_memberships() from public, anon, authenticated;

-- Raises 42501 with `message` unless the caller has one of the roles in the organization
-- (a row that does not exist, whose organization is null, alike).
create or replace function private.require_role(org uuid, roles text[], message text) returns void
language plpgsql stable set search_path = '' as $$
begin
  if not private.has_role(org, roles) then
    raise exception '%', message using errcode = '42501';
  end if;
end
$$;

-- Team rules the policies cannot express per column: members edit their own names only;
-- owners and admins manage roles and status; only owners touch owners; an organization
-- always keeps an active owner; ownership moves through transfer_ownership().
create or replace function public.profiles_before_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  caller_is_owner boolean;
  caller_is_admin boolean;
begin
  if not private.is_client_write() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    raise exception 'Team members join through an invite' using errcode = '42501';
  end if;
  new.user_id := old.user_id;
  new.email := old.email;
  if (new.role, new.status, new._deleted) is not distinct from (old.role, old.status, old._deleted) then
    return new;
  end if;
  caller_is_owner := private.has_role(old.org_id, array['owner']);
  caller_is_admin := private.has_role(old.org_id, array['admin']);
  if not (caller_is_owner or caller_is_admin) then
    raise exception 'Only owners and admins can change roles or status' using errcode = '42501';
  end if;
  if (old.role = 'owner' or new.role = 'owner') and new.role is distinct from old.role and not caller_is_owner then
    raise exception 'Only an owner can change an owner''s role' using errcode = '42501';
  end if;
  if old.role = 'owner' and not caller_is_owner then
    raise exception 'Only an owner can change an owner' using errcode = '42501';
  end if;
  if new.role = 'owner' and old.role <> 'owner' then
    raise exception 'Ownership moves with transfer_ownership()' using errcode = 'PT409', detail = 'use_transfer_ownership';
  end if;
  if old.role = 'owner' and (new.role <> 'owner' or new.status <> 'active' or new._deleted)
     and not exists (
       select 1 from public.profiles p
       where p.org_id = old.org_id and p.id <> old.id and p.role = 'owner' and p.status = 'active' and not p._deleted
     ) then
    raise exception 'An organization needs an active owner' using errcode = 'PT409', detail = 'last_owner';
  end if;
  return new;
end
$$;

create trigger a_profiles_before_write before insert or update on public.profiles for each row execute function public.profiles_before_write();
create trigger z_stamp before insert or update on public.profiles for each row execute function public.stamp_replicated_row();

alter table public.organizations enable row level security;
alter table public.profiles enable row level security;

create policy "Members can view their organizations" on public.organizations
  for select to authenticated
  using (id = any ((select private.member_org_ids())::uuid[]));
create policy "Owners and admins can update their organization's settings" on public.organizations
  for update to authenticated
  using (id = any ((select private.org_ids_with_role(array['owner', 'admin']))::uuid[]))
  with check (id = any ((select private.org_ids_with_role(array['owner', 'admin']))::uuid[]));

create policy "Members can view the team of their organizations" on public.profiles
  for select to authenticated
  using (org_id = any ((select private.member_org_ids())::uuid[]));
create policy "Users can view their own profiles" on public.profiles
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Members can update their own profile" on public.profiles
  for update to authenticated
  using (user_id = (select auth.uid()) and org_id = any ((select private.member_org_ids())::uuid[]))
  with check (user_id = (select auth.uid()));
create policy "Owners and admins can update the team of their organization" on public.profiles
  for update to authenticated
  using (org_id = any ((select private.org_ids_with_role(array['owner', 'admin']))::uuid[]))
  with check (org_id = any ((select private.org_ids_with_role(array['owner', 'admin']))::uuid[]));

revoke all on public.organizations, public.profiles from anon, authenticated;
grant select, update on public.organizations, public.profiles to authenticated;

-- Ownership moves from the calling owner to another active member, after the caller re-enters
-- their password (checked here by private.password_matches of 20261125000400_team.sql, so the
-- rule holds for every client). A wrong password is answered 400 {code: 'invalid_password'}
-- through response.status rather than an exception, so that the failure stays counted: five
-- in 15 minutes and the caller gets 429 until the window ends.
create or replace function public.transfer_ownership(profile_id uuid, password text default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  target public.profiles;
  reauth_window constant interval := interval '15 minutes';
  bucket text := 'reauthenticate:' || coalesce(auth.uid()::text, '');
begin
  select * into target from public.profiles p where p.id = transfer_ownership.profile_id and not p._deleted;
  perform private.require_role(target.org_id, array['owner'], 'Only an owner of the organization can transfer ownership');
  if target.status <> 'active' then
    raise exception 'Ownership can only go to an active team member' using errcode = 'PT409', detail = 'member_not_active';
  end if;
  if target.user_id = auth.uid() then
    raise exception 'You already own this organization' using errcode = 'PT409', detail = 'already_owner';
  end if;
  perform private.refuse_when_limited(bucket, 5, reauth_window, 'Too many wrong passwords. Please wait 15 minutes and try again.');
  if not private.password_matches(transfer_ownership.password) then
    perform private.count_hit(bucket, reauth_window);
    perform set_config('response.status', '400', true);
    return jsonb_build_object('code', 'invalid_password', 'message', 'The password is not correct', 'details', null, 'hint', null);
  end if;
  update public.profiles p set role = 'owner' where p.id = target.id;
  update public.profiles p set role = 'admin'
    where p.org_id = target.org_id and p.user_id = auth.uid();
  return jsonb_build_object('org_id', target.org_id, 'owner_profile_id', target.id);
end
$$;

create or replace function public.handle_user_email_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles set email = coalesce(new.email, '') where user_id = new.id and email is distinct from coalesce(new.email, '');
  return new;
end
$$;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function public.handle_user_email_change();

-- Wiring every replicated table gets: the stamping trigger, the two pull indexes (by
-- (_txid, id) per organization and by (_modified, id) for RxDB's stock checkpoint), row
-- level security, realtime publication, and no direct access for anon. Callers grant the
-- authenticated privileges that their policies need.
create or replace function private.setup_replicated_table(t regclass) returns void
language plpgsql set search_path = '' as $$
declare
  name text := (select c.relname from pg_catalog.pg_class c where c.oid = t);
begin
  execute format('create trigger z_stamp before insert or update on %s for each row execute function public.stamp_replicated_row()', t);
  execute format('create index %I on %s (org_id, _txid, id)', name || '_pull_txid_idx', t);
  execute format('create index %I on %s (_modified, id)', name || '_pull_modified_idx', t);
  execute format('alter table %s enable row level security', t);
  execute format('alter publication supabase_realtime add table %s', t);
  execute format('revoke all on %s from anon, authenticated', t);
  execute format('grant select on %s to authenticated', t);
end
$$;

-- The policies of a replicated table that every member of the organization reads and that
-- `writers` create and update ('sales': owners, admins and sales reps; 'admins': owners and
-- admins; none: nobody through the API): "Members can view {label} of their organization",
-- "Sales|Admins can create {label} in their organization" and "Sales|Admins can update
-- {label} of their organization". Nobody deletes: rows are soft-deleted by an update.
create or replace function private.add_org_policies(t regclass, label text, writers text default null) returns void
language plpgsql set search_path = '' as $$
declare
  allowed text := format('org_id = any ((select private.org_ids_with_role(%s))::uuid[])',
    case writers when 'sales' then $a$array['owner', 'admin', 'sales']$a$ when 'admins' then $a$array['owner', 'admin']$a$ end);
begin
  execute format('create policy %I on %s for select to authenticated using (org_id = any ((select private.member_org_ids())::uuid[]))',
    format('Members can view %s of their organization', label), t);
  if writers is null then
    return;
  end if;
  execute format('create policy %I on %s for insert to authenticated with check (%s)',
    format('%s can create %s in their organization', initcap(writers), label), t, allowed);
  execute format('create policy %I on %s for update to authenticated using (%s) with check (%s)',
    format('%s can update %s of their organization', initcap(writers), label), t, allowed, allowed);
end
$$;

create index organizations_pull_txid_idx on public.organizations (org_id, _txid, id);
create index organizations_pull_modified_idx on public.organizations (_modified, id);
create index profiles_pull_txid_idx on public.profiles (org_id, _txid, id);
create index profiles_pull_modified_idx on public.profiles (_modified, id);
alter publication supabase_realtime add table public.organizations, public.profiles;
