-- Team management, the invite page and the monitoring page's server-side lists.
--
-- Members are replicated (public.profiles); what the server must decide is done here:
--   set_member_role, set_member_status, remove_member   SECURITY INVOKER: they run as the
--     caller, so the update policies of profiles and its trigger (profiles_before_write in
--     20261122000100_core.sql: owners and admins only, only owners touch owners, ownership
--     moves only by transfer, an organization always keeps an active owner) decide, exactly as
--     for a change that arrives by sync. Disabling or removing a member ends their sessions
--     (private.sign_out_removed_member, a trigger on profiles).
--   transfer_ownership (20261122000100_core.sql)        after the caller re-enters their password.
--   team_sign_ins                                       last sign-in of each member (auth.users).
--   invite_details                                      what /invite/{token} shows, for anyone
--     holding the token; one answer for unknown, expired, revoked and used invites.
--   resend_invite                                       a new token and mail; the old link dies.
--   list_customer_sessions, revoke_customer_session,    owners and admins: the portal sessions of
--   list_access_logs                                      their organization and the token page log.
--   sync_resend_row                                     a row pulled again by the caller's devices
--                                                         (discarding a refused change).
-- Organization settings (logo size, estimate prefix, …) are checks on public.organizations.

-- The caller's password, checked against auth.users (bcrypt, as GoTrue stores it). pgcrypto
-- knows bcrypt as $2a$; $2b$ (bcryptjs) is the same algorithm for passwords under 256 bytes.
create or replace function private.password_matches(p_password text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  stored text;
begin
  select u.encrypted_password into stored from auth.users u where u.id = auth.uid();
  if coalesce(stored, '') !~ '^\$2[aby]\$' or coalesce(p_password, '') = '' or length(p_password) > 128 then
    return false;
  end if;
  stored := regexp_replace(stored, '^\$2[by]\$', '$2a$');
  return extensions.crypt(p_password, stored) = stored;
end
$$;

create or replace function public.set_member_role(p_profile_id uuid, p_role text) returns void
language plpgsql set search_path = '' as $$
begin
  if p_role is null or p_role not in ('owner', 'admin', 'sales', 'viewer') then
    raise exception 'Invalid role: %', coalesce(p_role, 'null') using errcode = '22023', hint = 'admin, sales or viewer';
  end if;
  update public.profiles p set role = p_role where p.id = p_profile_id and not p._deleted;
  if not found then
    -- No row changed: the profile is unknown, removed, or not the caller's to manage.
    raise exception 'Only owners and admins of the organization can manage its team' using errcode = '42501';
  end if;
end
$$;

create or replace function public.set_member_status(p_profile_id uuid, p_status text) returns void
language plpgsql set search_path = '' as $$
begin
  if p_status is null or p_status not in ('active', 'disabled') then
    raise exception 'Invalid status: %', coalesce(p_status, 'null') using errcode = '22023', hint = 'active or disabled';
  end if;
  update public.profiles p set status = p_status where p.id = p_profile_id and not p._deleted;
  if not found then
    -- No row changed: the profile is unknown, removed, or not the caller's to manage.
    raise exception 'Only owners and admins of the organization can manage its team' using errcode = '42501';
  end if;
end
$$;

-- Removing is a soft delete (profiles are replicated); an invite brings the member back.
create or replace function public.remove_member(p_profile_id uuid) returns void
language plpgsql set search_path = '' as $$
begin
  update public.profiles p set _deleted = true where p.id = p_profile_id and not p._deleted;
  if not found then
    -- No row changed: the profile is unknown, removed, or not the caller's to manage.
    raise exception 'Only owners and admins of the organization can manage its team' using errcode = '42501';
  end if;
end
$$;

-- Any member may see when colleagues last signed in; nothing else of auth.users.
create or replace function public.team_sign_ins(p_org_id uuid)
returns table (user_id uuid, last_sign_in_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_member(p_org_id) then
    raise exception 'Only members of the organization can see its team' using errcode = '42501';
  end if;
  return query
    select p.user_id, u.last_sign_in_at
    from public.profiles p join auth.users u on u.id = p.user_id
    where p.org_id = p_org_id and not p._deleted
    order by p.user_id;
end
$$;

-- What the invite page shows. Like accept_invite: a token lookup under the limiter, and an
-- invalid invite answered 404 {code: 'invalid_invite'} without rolling the count back.
-- `has_account` lets the page offer sign-in rather than sign-up; only the holder of the
-- token (mailed to that address) learns it.
create or replace function public.invite_details(p_token text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  inv public.invites;
  org_name text;
  inviter text;
begin
  inv := private.open_invite(p_token);
  if inv.id is null then
    perform set_config('response.status', '404', true);
    return jsonb_build_object('code', 'invalid_invite', 'message', 'This invitation is invalid or has expired',
      'details', null, 'hint', null);
  end if;
  select o.name into org_name from public.organizations o where o.id = inv.org_id;
  select nullif(btrim(p.first_name || ' ' || p.last_name), '') into inviter
    from public.profiles p where p.org_id = inv.org_id and p.user_id = inv.invited_by;
  return jsonb_build_object(
    'organization_name', org_name,
    'invited_by', coalesce(inviter, 'A colleague'),
    'role', inv.role,
    'email', inv.email,
    'expires_at', inv.expires_at,
    'has_account', exists (select 1 from auth.users u where lower(u.email) = lower(inv.email)));
end
$$;

-- A new link for an invite that has not been accepted: create_invite revokes the old one and
-- mails the new one, in this transaction.
create or replace function public.resend_invite(p_invite_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  target public.invites;
begin
  select * into target from public.invites i where i.id = p_invite_id;
  perform private.require_role(target.org_id, array['owner', 'admin'], 'Only owners and admins of the organization can resend invites');
  if target.accepted_at is not null then
    raise exception 'This invitation was already accepted' using errcode = 'PT409', detail = 'invite_accepted';
  end if;
  return public.create_invite(target.email, target.role, target.org_id);
end
$$;

-- Active customer sessions (SPEC.md §3) of the organization's portals, newest first.
create or replace function public.list_customer_sessions(p_org_id uuid)
returns table (
  id uuid, portal_id uuid, portal_name text, prospect_id uuid, prospect_name text,
  ip_address text, user_agent text, created_at timestamptz, expires_at timestamptz
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_role(p_org_id, array['owner', 'admin'], 'Only owners and admins can see customer sessions');
  return query
    select s.id, s.portal_id, coalesce(po.name, ''), s.prospect_id,
           coalesce(nullif(btrim(pr.first_name || ' ' || pr.last_name), ''), nullif(pr.company, ''), pr.email, ''),
           s.ip_address, s.user_agent, s.created_at, s.expires_at
    from public.customer_sessions s
    left join public.portals po on po.id = s.portal_id
    left join public.prospects pr on pr.id = s.prospect_id
    where s.org_id = p_org_id and s.expires_at > now()
    order by s.created_at desc, s.id
    limit 500;
end
$$;

create or replace function public.revoke_customer_session(p_session_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  target public.customer_sessions;
begin
  select * into target from public.customer_sessions s where s.id = p_session_id;
  perform private.require_role(target.org_id, array['owner', 'admin'], 'Only owners and admins of the organization can end customer sessions');
  delete from public.customer_sessions s where s.id = target.id;
end
$$;

-- The recent uses of the organization's token pages (portals, estimate links, invites).
create or replace function public.list_access_logs(p_org_id uuid, p_limit integer default 100)
returns table (
  id bigint, token_kind text, outcome text, portal_id uuid, portal_name text, estimate_id uuid,
  estimate_number text, invite_id uuid, ip_address text, user_agent text, accessed_at timestamptz
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_role(p_org_id, array['owner', 'admin'], 'Only owners and admins can see the access log');
  if p_limit is null or p_limit not between 1 and 500 then
    raise exception 'The limit must be between 1 and 500' using errcode = '22023';
  end if;
  return query
    select l.id, l.token_kind, l.outcome, l.portal_id, coalesce(po.name, ''), l.estimate_id,
           coalesce(e.number, ''), l.invite_id, l.ip_address, l.user_agent, l.accessed_at
    from public.access_logs l
    left join public.portals po on po.id = l.portal_id
    left join public.estimates e on e.id = l.estimate_id
    where l.org_id = p_org_id
    order by l.accessed_at desc, l.id desc
    limit p_limit;
end
$$;

-- Sends a row to the caller's devices again: its _txid moves on, so the next pull hands it out
-- (to every device of the organization, unchanged). The monitoring page's "discard" uses it: a
-- device whose change was refused takes the server's row back through its normal pull. False
-- when the row does not exist or the caller is not a member of its organization.
create or replace function public.sync_resend_row(p_table text, p_id uuid) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  owner_org uuid;
begin
  if p_table is null or not (p_table = any (private.sync_tables())) then
    raise exception 'Unknown table: %', coalesce(p_table, 'null') using errcode = '22023';
  end if;
  execute format('select t.org_id from public.%I t where t.id = $1', p_table) into owner_org using p_id;
  if owner_org is null or not private.is_member(owner_org) then
    return false;
  end if;
  -- The stamping trigger gives the row a new _txid (and _modified, updated_at).
  execute format('update public.%I t set _txid = t._txid where t.id = $1', p_table) using p_id;
  return true;
end
$$;

revoke execute on function private.password_matches(text) from public, anon, authenticated;
revoke execute on function public.sync_resend_row(text, uuid) from public, anon;
grant execute on function public.sync_resend_row(text, uuid) to authenticated;
revoke execute on function public.set_member_role(uuid, text), public.set_member_status(uuid, text), public.remove_member(uuid),
  public.team_sign_ins(uuid), public.resend_invite(uuid), public.list_customer_sessions(uuid),
  public.revoke_customer_session(uuid), public.list_access_logs(uuid, integer) from public, anon;
grant execute on function public.set_member_role(uuid, text), public.set_member_status(uuid, text), public.remove_member(uuid),
  public.team_sign_ins(uuid), public.resend_invite(uuid), public.list_customer_sessions(uuid),
  public.revoke_customer_session(uuid), public.list_access_logs(uuid, integer) to authenticated;
grant execute on function public.invite_details(text) to anon, authenticated;
