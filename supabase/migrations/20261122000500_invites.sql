-- Team invites, the mail outbox and sign-up.
--
-- Mail the product sends is written to public.mail_outbox in the same transaction as the
-- change that causes it. Links in mail start with the placeholder {{site_url}}, which the
-- sender replaces with the app's public URL (supabase/local drains the outbox locally; a
-- hosted deployment drains it from a scheduled Edge Function, see README). A mail with
-- contains_secret (an invite link) loses its body when marked sent.

create table public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  org_id uuid references public.organizations (id) on delete cascade,
  "to" text not null,
  subject text not null,
  text text not null,
  html text not null default '',
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  contains_secret boolean not null default false,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_pending_idx on public.mail_outbox (created_at) where status = 'pending';

create or replace function private.redact_sent_mail() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status = 'sent' and old.status <> 'sent' and new.contains_secret then
    new.text := '[removed after sending]';
    new.html := '';
  end if;
  return new;
end
$$;
create trigger redact_sent_mail before update on public.mail_outbox for each row execute function private.redact_sent_mail();

create table public.invites (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  email text not null,
  role text not null check (role in ('admin', 'sales', 'viewer')),
  token_hash text not null unique,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index invites_org_email_idx on public.invites (org_id, lower(email));

alter table public.mail_outbox enable row level security;
alter table public.invites enable row level security;
revoke all on public.mail_outbox, public.invites from anon, authenticated;

create or replace function private.html_escape(value text) returns text
language sql immutable strict set search_path = '' as $$
  select replace(replace(replace(replace(replace(value, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')
$$;

create or replace function private.display_name_parts(meta jsonb, email text) returns text[]
language sql immutable set search_path = '' as $$
  select array[
    coalesce(nullif(btrim(meta ->> 'first_name'), ''), nullif(split_part(coalesce(email, ''), '@', 1), ''), 'New'),
    coalesce(nullif(btrim(meta ->> 'last_name'), ''), '')
  ]
$$;

-- The open invite of a token, or null. A token lookup: too many failures from one address
-- get 429 (private.guard_token_lookup), a format check, and one failed lookup counted, not
-- logged row by row, for any bad token (unknown, expired, revoked or used; with p_email, one
-- meant for another address too). p_lock locks the invite for accepting it: a concurrent
-- acceptance is waited for, and then the invite is no longer open.
create or replace function private.open_invite(p_token text, p_email text default null, p_lock boolean default false)
returns public.invites
language plpgsql security definer set search_path = '' as $$
declare
  inv public.invites;
begin
  perform private.guard_token_lookup();
  if p_token is not null and length(p_token) between 16 and 256 then
    select * into inv from public.invites i
      where i.token_hash = private.token_hash(p_token)
        and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
        and (p_email is null or lower(i.email) = lower(p_email));
    if p_lock and inv.id is not null then
      select * into inv from public.invites i
        where i.id = inv.id and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
        for update;
    end if;
  end if;
  if inv.id is null then
    perform private.record_failed_token_lookup();
    return null;
  end if;
  return inv;
end
$$;
revoke execute on function private.open_invite(text, text, boolean) from public, anon, authenticated;

-- Joins the organization of a valid invite for this user's e-mail. False when the token is
-- unknown, expired, revoked, used or meant for another address (one answer for all, see
-- private.open_invite); a success is logged with the address.
create or replace function private.join_with_invite(p_user uuid, p_email text, p_names text[], p_token text)
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  inv public.invites;
  existing public.profiles;
begin
  inv := private.open_invite(p_token, coalesce(p_email, ''), true);
  if inv.id is null then
    return false;
  end if;
  insert into public.access_logs (org_id, token_kind, invite_id, outcome, ip_address, user_agent)
    values (inv.org_id, 'invite', inv.id, 'ok', private.request_ip(), left(private.request_header('user-agent'), 500));
  update public.invites set accepted_at = now(), accepted_by = p_user, updated_at = now() where id = inv.id;
  select * into existing from public.profiles p where p.org_id = inv.org_id and p.user_id = p_user;
  if existing.id is null then
    insert into public.profiles (org_id, user_id, role, first_name, last_name, email)
      values (inv.org_id, p_user, inv.role, p_names[1], p_names[2], coalesce(p_email, ''));
  else
    update public.profiles
      set role = case when existing.role = 'owner' then 'owner' else inv.role end, status = 'active', _deleted = false
      where id = existing.id;
  end if;
  return true;
end
$$;

create or replace function public.create_invite(email text, role text, org_id uuid default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  target_org uuid := create_invite.org_id;
  address text := lower(btrim(coalesce(create_invite.email, '')));
  token text := private.new_token();
  expires timestamptz := now() + interval '7 days';
  invite_id uuid;
  org_name text;
  inviter text;
  link text;
  role_label text;
begin
  if auth.uid() is null then
    raise exception 'Sign in to invite team members' using errcode = '42501';
  end if;
  if target_org is null then
    select case when count(*) = 1 then min(p.org_id::text)::uuid end into target_org
      from public.profiles p
      where p.user_id = auth.uid() and p.role in ('owner', 'admin') and p.status = 'active' and not p._deleted;
    if target_org is null and cardinality(private.org_ids_with_role(array['owner', 'admin'])) > 1 then
      raise exception 'Choose the organization to invite to' using errcode = '22023', hint = 'Pass org_id';
    end if;
  end if;
  perform private.require_role(target_org, array['owner', 'admin'], 'Only owners and admins can invite team members');
  if create_invite.role is null or create_invite.role not in ('admin', 'sales', 'viewer') then
    raise exception 'Invalid role: %', coalesce(create_invite.role, 'null') using errcode = '22023',
      hint = 'Invite as admin, sales or viewer; ownership moves with transfer_ownership()';
  end if;
  if address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(address) > 254 then
    raise exception 'Invalid e-mail address' using errcode = '22023';
  end if;
  if exists (
    select 1 from public.profiles p
    where p.org_id = target_org and lower(p.email) = address and p.status = 'active' and not p._deleted
  ) then
    raise exception '% is already a member of this organization', address using errcode = 'PT409', detail = 'already_member';
  end if;
  -- One pending invite per address: a new one replaces the old link.
  update public.invites i set revoked_at = now(), updated_at = now()
    where i.org_id = target_org and lower(i.email) = address and i.accepted_at is null and i.revoked_at is null;
  insert into public.invites (org_id, email, role, token_hash, expires_at, invited_by)
    values (target_org, address, create_invite.role, private.token_hash(token), expires, auth.uid())
    returning id into invite_id;

  select o.name into org_name from public.organizations o where o.id = target_org;
  select nullif(btrim(p.first_name || ' ' || p.last_name), '') into inviter
    from public.profiles p where p.org_id = target_org and p.user_id = auth.uid();
  inviter := coalesce(inviter, 'A colleague');
  link := '{{site_url}}/invite/' || token;
  role_label := case create_invite.role when 'admin' then 'an admin' when 'sales' then 'a sales rep' else 'a viewer' end;
  insert into public.mail_outbox (org_id, "to", subject, text, html, contains_secret)
  values (
    target_org,
    address,
    format('%s invited you to join %s', inviter, org_name),
    format(E'%s invited you to join %s on Customer Engagement Portal as %s.\n\nAccept the invitation:\n%s\n\nThe link expires on %s (UTC). If you did not expect this e-mail, you can ignore it.\n',
      inviter, org_name, role_label, link, to_char(expires at time zone 'UTC', 'FMMonth FMDD, YYYY HH24:MI')),
    format('<p>%s invited you to join <strong>%s</strong> on Customer Engagement Portal as %s.</p><p><a href="%s">Accept the invitation</a></p><p>The link expires on %s (UTC). If you did not expect this e-mail, you can ignore it.</p>',
      private.html_escape(inviter), private.html_escape(org_name), role_label, link,
      to_char(expires at time zone 'UTC', 'FMMonth FMDD, YYYY HH24:MI')),
    true
  );
  return jsonb_build_object('invite_id', invite_id, 'token', token, 'email', address, 'role', create_invite.role,
    'org_id', target_org, 'expires_at', expires);
end
$$;

-- An invalid invite is answered 404 {code: 'invalid_invite', message} through PostgREST's
-- response.status rather than an exception, so that the failed lookup stays counted by the
-- token limiter (an exception would roll the count back).
create or replace function public.accept_invite(token text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := auth.uid();
  u record;
  joined record;
begin
  if uid is null then
    raise exception 'Sign in or sign up to accept the invitation' using errcode = '42501';
  end if;
  select users.email, users.raw_user_meta_data into u from auth.users users where users.id = uid;
  if not private.join_with_invite(uid, u.email, private.display_name_parts(u.raw_user_meta_data, u.email), accept_invite.token) then
    perform set_config('response.status', '404', true);
    return jsonb_build_object('code', 'invalid_invite', 'message', 'This invitation is invalid or has expired',
      'details', null, 'hint', null);
  end if;
  select i.org_id, i.role into joined from public.invites i
    where i.token_hash = private.token_hash(accept_invite.token);
  return jsonb_build_object('org_id', joined.org_id, 'role', joined.role);
end
$$;

create or replace function public.revoke_invite(invite_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  target public.invites;
begin
  select * into target from public.invites i where i.id = revoke_invite.invite_id;
  perform private.require_role(target.org_id, array['owner', 'admin'], 'Only owners and admins of the organization can revoke invites');
  update public.invites i set revoked_at = now(), updated_at = now()
    where i.id = target.id and i.revoked_at is null and i.accepted_at is null;
end
$$;

-- The team page's list of invites (never the token hash), with the inviter's name.
create or replace function public.list_invites(org_id uuid default null)
returns table (
  id uuid, org_id uuid, email text, role text, status text, expires_at timestamptz,
  accepted_at timestamptz, revoked_at timestamptz, invited_by uuid, invited_by_name text, created_at timestamptz
)
language sql stable security definer set search_path = '' as $$
  select i.id, i.org_id, i.email, i.role,
         case when i.accepted_at is not null then 'accepted'
              when i.revoked_at is not null then 'revoked'
              when i.expires_at <= now() then 'expired'
              else 'pending' end,
         i.expires_at, i.accepted_at, i.revoked_at, i.invited_by,
         coalesce((select nullif(btrim(p.first_name || ' ' || p.last_name), '') from public.profiles p
                   where p.org_id = i.org_id and p.user_id = i.invited_by), ''),
         i.created_at
  from public.invites i
  where i.org_id = any (private.org_ids_with_role(array['owner', 'admin']))
    and (list_invites.org_id is null or i.org_id = list_invites.org_id)
  order by i.created_at desc, i.id
$$;

revoke execute on function public.create_invite(text, text, uuid), public.accept_invite(text),
  public.revoke_invite(uuid), public.list_invites(uuid), public.transfer_ownership(uuid, text) from public, anon;

-- Sign-up. A new staff user without an invite gets a new organization and becomes its
-- owner. A sign-up carrying `invite_token` in its user metadata (from /invite/{token})
-- joins the inviting organization instead, if the token is valid for that e-mail. The
-- seed (and any provisioning script) sets `cep.skip_signup_org` to create profiles itself.
create or replace function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  names text[];
  new_org uuid;
  org_name text;
begin
  if coalesce(current_setting('cep.skip_signup_org', true), '') = 'on' or new.is_anonymous then
    return new;
  end if;
  names := private.display_name_parts(new.raw_user_meta_data, new.email);
  if nullif(new.raw_user_meta_data ->> 'invite_token', '') is not null
     and private.join_with_invite(new.id, new.email, names, new.raw_user_meta_data ->> 'invite_token') then
    return new;
  end if;
  org_name := coalesce(
    nullif(btrim(new.raw_user_meta_data ->> 'organization_name'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'company'), ''),
    btrim(names[1] || ' ' || names[2]) || '''s organization'
  );
  insert into public.organizations (name) values (left(org_name, 200)) returning id into new_org;
  insert into public.profiles (org_id, user_id, role, first_name, last_name, email)
    values (new_org, new.id, 'owner', names[1], names[2], coalesce(new.email, ''));
  return new;
end
$$;


create trigger on_auth_user_created after insert on auth.users for each row execute function public.handle_new_user();
