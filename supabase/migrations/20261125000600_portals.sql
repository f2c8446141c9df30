-- Customer and prospect portals (issue 14): staff manage portals, their links, access codes,
-- sessions and access log; customers and prospects sign in, read, comment and file requests.
--
-- 1. Portals have (columns in 20261122000400_portals.sql): the chosen set of visible
--    estimates (visible_estimate_ids, used when show_all_estimates is false), require_code (a
--    prospect portal may ask for the e-mailed one-time code too; customer portals always do),
--    and view_count (server-owned, counted by portal_home).
-- 2. Server-only tables: portal_links (a portal may have several links, as estimates do: each
--    e-mail send mails one, "new link" adds one, rotating revokes them all; only hashes kept),
--    portal_access_codes (one typed code per portal: a public 4-character lookup part and an
--    8-character secret part, hashed whole), portal_sign_in_codes (one-time codes e-mailed to a
--    contact, 10 minutes, 5 tries). access_logs has `what` (what was opened) and session_id;
--    customer_sessions has last_seen_at.
-- 3. Estimates open inside a portal in the estimate link's own view: portal_estimate_link
--    answers a link token derived from the caller's credential (HMAC of the estimate id with
--    the session token, or with the portal link token on a prospect token page), stored as an
--    estimate_links row of channel 'portal' bound to the portal and the session, valid 30
--    minutes and renewed while the page is open. Ending the session deletes it; revoking,
--    rotating, deleting the portal or hiding the estimate revokes it.
-- 4. Customer RPCs (anon): portal_sign_in_options, portal_send_sign_in_code, portal_sign_in,
--    portal_session_check, portal_home, portal_updates, portal_comment, portal_request,
--    portal_estimate_link, portal_sign_out. Every one resolves the caller's session or token
--    first (private.portal_access_for): the token-lookup guard, a format check, one answer
--    (null) for unknown, expired and revoked credentials, a failed lookup counted, never
--    logged row by row. Payloads carry no cost, margin, internal comment or staff e-mail.
-- 5. Staff RPCs: create_portal, update_portal, issue_portal_token, revoke_portal_link,
--    rotate_portal_token, revoke_portal_token, delete_portal, new_portal_access_code (owners and
--    admins); send_portal_link (sales too); portal_activity and portal_preview (any member).
--    A session is ended with revoke_customer_session (20261125000400_team.sql).
--
-- Reason keys (the `detail` of the errors):
--   invalid_portal           22023  a setting (the hint names the field)
--   portal_exists            PT409  create_portal with an id already taken
--   portal_closed            PT409  sending a revoked, expired or deleted portal
--   invalid_email            22023  send_portal_link without a usable address
--   contact_unknown          22023  a one-time code for someone who is not a contact of the portal
--   invalid_session_data     22023  the encrypted session blob is missing or malformed
--   requests_closed          PT409  the portal does not take requests
--   idempotency_key_required, idempotency_key_reused (22023), comment_required (22023),
--   comment_too_long (22001), invalid_request (22023, the hint names the field)

-- ---------------------------------------------------------------------------------------
-- 1. Indexes (the columns are in 20261122000400_portals.sql)

create index customer_sessions_portal_idx on public.customer_sessions (portal_id, expires_at);
create index access_logs_portal_idx on public.access_logs (portal_id, accessed_at desc) where portal_id is not null;

-- ---------------------------------------------------------------------------------------
-- 2. Server-only tables

create table public.portal_links (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  portal_id uuid not null,
  token_hash text not null unique,
  channel text not null default 'link' check (channel in ('link', 'email')),
  sent_to text not null default '',
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  view_count integer not null default 0,
  last_viewed_at timestamptz,
  foreign key (portal_id, org_id) references public.portals (id, org_id) on delete cascade
);
create index portal_links_portal_idx on public.portal_links (portal_id, created_at);

create table public.portal_access_codes (
  portal_id uuid primary key,
  org_id uuid not null references public.organizations (id) on delete cascade,
  code_id text not null unique check (code_id ~ '^[A-Z2-9]{4}$'),
  code_hash text not null,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (portal_id, org_id) references public.portals (id, org_id) on delete cascade
);

create table public.portal_sign_in_codes (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  portal_id uuid not null,
  prospect_id uuid not null,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  ip_address text not null default '',
  created_at timestamptz not null default now(),
  foreign key (portal_id, org_id) references public.portals (id, org_id) on delete cascade,
  foreign key (prospect_id, org_id) references public.prospects (id, org_id) on delete cascade
);
create index portal_sign_in_codes_expires_idx on public.portal_sign_in_codes (expires_at);

alter table public.portal_links enable row level security;
alter table public.portal_access_codes enable row level security;
alter table public.portal_sign_in_codes enable row level security;
revoke all on public.portal_links, public.portal_access_codes, public.portal_sign_in_codes from anon, authenticated;

-- Estimate links opened from inside a portal (section 3) are estimate_links rows of channel
-- 'portal' with portal_id and customer_session_id (20261122001000_send_and_accept.sql).

-- ---------------------------------------------------------------------------------------
-- Shared rules

-- Open for use: not deleted, not revoked, not past its expiry.
create or replace function private.portal_open(p public.portals) returns boolean
language sql stable set search_path = '' as $$
  select not p._deleted and p.revoked_at is null and (p.expires_at is null or p.expires_at > now())
$$;

-- Whether the portal shows the estimate: a sent (not draft, not withdrawn) estimate of its
-- account or prospect, not hidden from portals, and in the chosen set when there is one.
create or replace function private.portal_shows_estimate(p public.portals, e public.estimates) returns boolean
language sql stable set search_path = '' as $$
  select e.org_id = p.org_id and not e._deleted and not e.hidden_from_portal and e.current_version_id is not null
    and e.status in ('sent', 'viewed', 'changes_requested', 'accepted', 'declined', 'expired')
    and case when p.kind = 'customer' then e.account_id is not distinct from p.account_id and e.account_id is not null
             else e.prospect_id is not distinct from p.prospect_id and e.prospect_id is not null end
    and (p.show_all_estimates
         or exists (select 1 from jsonb_array_elements_text(p.visible_estimate_ids::jsonb) v(id) where lower(v.id) = e.id::text))
$$;

-- Who may sign in: the account's contacts (customer portals) or the portal's prospect.
create or replace function private.portal_has_contact(p public.portals, c public.prospects) returns boolean
language sql stable set search_path = '' as $$
  select c.org_id = p.org_id and not c._deleted
    and case when p.kind = 'customer' then c.account_id is not distinct from p.account_id and c.account_id is not null
             else c.id = p.prospect_id end
$$;

-- j•••@example.com: enough for a person to recognise their address, not to learn someone's.
create or replace function private.mask_email(email text) returns text
language sql immutable set search_path = '' as $$
  select case when position('@' in coalesce(email, '')) < 2 then ''
              else left(email, 1) || '•••' || substr(email, position('@' in email)) end
$$;

create or replace function private.person_name(c public.prospects) returns text
language sql immutable set search_path = '' as $$
  select coalesce(nullif(btrim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), ''), nullif(c.company, ''), 'Customer')
$$;

-- The characters of access codes: no 0/O, 1/I/L look-alikes.
create or replace function private.code_characters(n integer) returns text
language sql volatile set search_path = '' as $$
  select string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', get_byte(b, i) % 31 + 1, 1), '' order by i)
  from (select extensions.gen_random_bytes(n) as b) r, generate_series(0, n - 1) i
$$;

-- What a person typed as an access code, as the code: letters and digits only, upper case.
create or replace function private.normalize_access_code(p_code text) returns text
language sql immutable set search_path = '' as $$
  select upper(regexp_replace(coalesce(p_code, ''), '[^A-Za-z0-9]', '', 'g'))
$$;

-- The portal a link token or an access code opens, or null. The token-lookup guard first;
-- a bad token or code counts one failed lookup. Wrong access codes also count toward the
-- lockout: 5 per address and 5 per portal in 15 minutes, then 429 with Retry-After.
-- p_link receives the link used (null for a code).
create or replace function private.portal_for_credential(p_token text, p_code text, out portal public.portals, out link_id uuid)
language plpgsql security definer set search_path = '' as $$
declare
  code_window constant interval := interval '15 minutes';
  code text := private.normalize_access_code(p_code);
  stored public.portal_access_codes;
begin
  perform private.guard_token_lookup();
  if p_token is not null then
    if p_token ~ '^[A-Za-z0-9_-]{32,128}$' then
      select l.id into link_id from public.portal_links l where l.token_hash = private.token_hash(p_token) and l.revoked_at is null;
      select p.* into portal from public.portals p join public.portal_links l on l.portal_id = p.id where l.id = link_id;
    end if;
    if portal.id is null or not private.portal_open(portal) then
      perform private.record_failed_token_lookup();
      portal := null;
      link_id := null;
    end if;
    return;
  end if;

  perform private.refuse_when_limited('portal_code', 5, code_window,
    'Too many wrong access codes. Please wait 15 minutes and try again, or use the link we sent you.');
  if code ~ '^[A-HJKMNP-Z2-9]{12}$' then
    select * into stored from public.portal_access_codes c where c.code_id = left(code, 4);
  end if;
  -- The lockout by portal counts wrong codes of every address.
  if stored.portal_id is not null and private.rate_limited('portal_code_portal', 5, code_window, stored.portal_id::text) then
    perform private.raise_too_many(private.seconds_left(code_window),
      'Too many wrong access codes for this portal. Please wait 15 minutes and try again, or use the link we sent you.');
  end if;
  if stored.portal_id is not null and stored.code_hash = private.token_hash(code) then
    select * into portal from public.portals p where p.id = stored.portal_id;
  end if;
  if portal.id is null or not private.portal_open(portal) then
    perform private.count_hit('portal_code', code_window);
    if stored.portal_id is not null then
      perform private.count_hit('portal_code_portal', code_window, stored.portal_id::text);
    end if;
    perform private.record_failed_token_lookup();
    portal := null;
  end if;
end
$$;

-- A caller of the portal's data RPCs: the portal, the person, and the credential used.
create type private.portal_access as (
  portal_id uuid,
  org_id uuid,
  kind text,
  prospect_id uuid,
  session_id uuid,
  link_id uuid,
  session_expires_at timestamptz,
  secret text
);

-- Resolves the caller: a customer session (required for customer portals and for prospect
-- portals that ask for the e-mailed code), or a prospect portal's link token, or both (then
-- both must be good, for the same portal). Null for every
-- bad credential alike; an expired session presented is deleted; a failed lookup is counted.
create or replace function private.portal_access_for(p_token text, p_session text) returns private.portal_access
language plpgsql security definer set search_path = '' as $$
declare
  s public.customer_sessions;
  p public.portals;
  c public.prospects;
  found_link uuid;
  result private.portal_access;
begin
  perform private.guard_token_lookup();
  if p_session is not null then
    if p_session ~ '^[A-Za-z0-9_-]{43}$' then
      select * into s from public.customer_sessions cs where cs.session_token_hash = private.token_hash(p_session);
      if s.id is not null and s.expires_at <= now() then
        delete from public.customer_sessions cs where cs.id = s.id;
        s := null;
      end if;
      if s.id is not null then
        select * into p from public.portals po where po.id = s.portal_id;
        select * into c from public.prospects pr where pr.id = s.prospect_id;
        if p.id is null or not private.portal_open(p) or c.id is null or not private.portal_has_contact(p, c) then
          s := null;
        end if;
        -- On a prospect token page the token is checked too: it must be a working link of
        -- the session's portal.
        if s.id is not null and p_token is not null and not exists (
             select 1 from public.portal_links l
             where l.token_hash = private.token_hash(p_token) and l.portal_id = p.id and l.revoked_at is null) then
          s := null;
        end if;
      end if;
    end if;
    if s.id is null then
      perform private.record_failed_token_lookup();
      return null;
    end if;
    if s.last_seen_at is null or s.last_seen_at < now() - interval '1 minute' then
      update public.customer_sessions cs set last_seen_at = now() where cs.id = s.id;
    end if;
    result := (p.id, p.org_id, p.kind, s.prospect_id, s.id, null, s.expires_at, p_session);
    return result;
  end if;

  if p_token is not null and p_token ~ '^[A-Za-z0-9_-]{32,128}$' then
    select l.id into found_link from public.portal_links l where l.token_hash = private.token_hash(p_token) and l.revoked_at is null;
    select po.* into p from public.portals po join public.portal_links l on l.portal_id = po.id where l.id = found_link;
  end if;
  if p.id is null or not private.portal_open(p) or p.kind <> 'prospect' or p.require_code then
    perform private.record_failed_token_lookup();
    return null;
  end if;
  result := (p.id, p.org_id, p.kind, p.prospect_id, null, found_link, null, p_token);
  return result;
end
$$;

create or replace function private.log_portal_access(a private.portal_access, p_what text) returns void
language sql security definer set search_path = '' as $$
  insert into public.access_logs (org_id, token_kind, portal_id, prospect_id, session_id, outcome, ip_address, user_agent, what)
  values (a.org_id, case when a.session_id is not null then 'session' when a.kind = 'prospect' then 'prospect_portal' else 'portal' end,
          a.portal_id, a.prospect_id, a.session_id, 'ok', private.request_ip(), left(private.request_header('user-agent'), 500), left(p_what, 200))
$$;

-- The conversation of a portal as the customer sees it: no internal comments.
create or replace function private.portal_comments(p_portal uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'author_kind', c.author_kind, 'author_name', c.author_name,
                                               'body', c.body, 'created_at', c.created_at) order by c.created_at, c.id), '[]'::jsonb)
  from (select * from public.comments c0
        where c0.portal_id = p_portal and c0.estimate_id is null and not c0.internal and not c0._deleted
        order by c0.created_at desc, c0.id desc limit 500) c
$$;

-- The person's requests filed in this portal.
create or replace function private.portal_requests(p_portal uuid, p_prospect uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'reference', r.reference, 'description', r.description,
                                               'status', r.status, 'created_at', r.created_at) order by r.created_at desc, r.id), '[]'::jsonb)
  from (select * from public.estimate_requests r0
        where r0.portal_id = p_portal and r0.prospect_id is not distinct from p_prospect and not r0._deleted
        order by r0.created_at desc limit 100) r
$$;

-- Everything the portal home shows (private.customer_estimate gives each estimate exactly
-- what the estimate link page shows, snapshot included, so it can be read offline too).
create or replace function private.portal_payload(p_portal uuid, p_prospect uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  p public.portals;
  org public.organizations;
  c public.prospects;
begin
  select * into p from public.portals po where po.id = p_portal;
  select * into org from public.organizations o where o.id = p.org_id;
  select * into c from public.prospects pr where pr.id = p_prospect;
  return jsonb_build_object(
    'portal', jsonb_build_object('id', p.id, 'kind', p.kind, 'name', p.name, 'welcome_message', p.welcome_message,
                                 'brand_color', p.brand_color, 'allow_requests', p.allow_requests, 'expires_at', p.expires_at),
    'organization', jsonb_build_object('name', org.name, 'logo', org.logo, 'brand_color', org.brand_color,
                                       'address', org.address, 'phone', org.phone),
    'contact', case when c.id is null then null else jsonb_build_object(
      'id', c.id, 'first_name', c.first_name, 'last_name', c.last_name, 'email', c.email, 'phone', c.phone, 'company', c.company) end,
    'estimates', coalesce((
      select jsonb_agg(private.customer_estimate(e.id, true) order by e.sent_at desc nulls last, e.created_at desc, e.id)
      from public.estimates e where e.org_id = p.org_id and private.portal_shows_estimate(p, e)), '[]'::jsonb),
    'comments', private.portal_comments(p.id),
    'requests', private.portal_requests(p.id, p_prospect)
  );
end
$$;

-- What a page polls: the conversation, the person's requests, and each estimate's status (as
-- the customer sees it) and version: a change tells the page to load the home again.
create or replace function private.portal_update_payload(p_portal uuid, p_prospect uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  p public.portals;
begin
  select * into p from public.portals po where po.id = p_portal;
  return jsonb_build_object(
    'comments', private.portal_comments(p.id),
    'requests', private.portal_requests(p.id, p_prospect),
    'estimates', coalesce((
      select jsonb_agg(jsonb_build_object('estimate_id', e.id, 'status', case when private.estimate_expired(e) then 'expired' else e.status end,
                                          'version_id', e.current_version_id) order by e.id)
      from public.estimates e where e.org_id = p.org_id and private.portal_shows_estimate(p, e)), '[]'::jsonb)
  );
end
$$;

-- Estimate links of a portal that no longer show their estimate stop working.
create or replace function private.revoke_portal_estimate_links(p_portal uuid, p_all boolean) returns void
language plpgsql security definer set search_path = '' as $$
declare
  p public.portals;
begin
  select * into p from public.portals po where po.id = p_portal;
  update public.estimate_links l set revoked_at = now()
    where l.portal_id = p_portal and l.channel = 'portal' and l.revoked_at is null
      and (p_all or p.id is null or not private.portal_open(p)
           or not exists (select 1 from public.estimates e where e.id = l.estimate_id and private.portal_shows_estimate(p, e)));
end
$$;

create or replace function private.estimates_portal_links() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.estimate_links l set revoked_at = now()
    where l.estimate_id = new.id and l.channel = 'portal' and l.revoked_at is null
      and not exists (select 1 from public.portals p where p.id = l.portal_id and private.portal_shows_estimate(p, new));
  return null;
end
$$;
create trigger portal_estimate_links_follow_visibility
  after update of hidden_from_portal, _deleted, status, account_id, prospect_id on public.estimates
  for each row
  when (new.hidden_from_portal or new._deleted or new.status in ('draft', 'archived')
        or new.account_id is distinct from old.account_id or new.prospect_id is distinct from old.prospect_id)
  execute function private.estimates_portal_links();

-- Everything a closed portal leaves behind: its sessions (their estimate links go with them)
-- and the estimate links of its token pages.
create or replace function private.end_portal_sessions(p_portal uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.customer_sessions s where s.portal_id = p_portal;
  perform private.revoke_portal_estimate_links(p_portal, true);
end
$$;

-- Every link and the access code stop working and every session ends (rotating and deleting).
create or replace function private.close_portal_access(p_portal uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  update public.portal_links l set revoked_at = now() where l.portal_id = p_portal and l.revoked_at is null;
  delete from public.portal_access_codes c where c.portal_id = p_portal;
  perform private.end_portal_sessions(p_portal);
end
$$;

-- ---------------------------------------------------------------------------------------
-- 4. The customer's side

-- What the sign-in page shows for a link or an access code: the portal's branding, whether
-- a one-time code is needed, and who may sign in (names, masked addresses). Null for every
-- bad credential alike.
create or replace function public.portal_sign_in_options(p_token text default null, p_code text default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  found record := private.portal_for_credential(p_token, p_code);
  p public.portals := found.portal;
  org public.organizations;
begin
  if p.id is null then
    return null;
  end if;
  select * into org from public.organizations o where o.id = p.org_id;
  insert into public.access_logs (org_id, token_kind, portal_id, outcome, ip_address, user_agent, what)
    values (p.org_id, case when p.kind = 'prospect' then 'prospect_portal' else 'portal' end, p.id, 'ok', private.request_ip(),
            left(private.request_header('user-agent'), 500), case when found.link_id is null then 'sign-in with access code' else 'sign-in with link' end);
  if found.link_id is not null then
    update public.portal_links l set view_count = l.view_count + 1, last_viewed_at = now() where l.id = found.link_id;
  end if;
  return jsonb_build_object(
    'portal_id', p.id, 'kind', p.kind, 'name', p.name, 'brand_color', p.brand_color,
    'organization', jsonb_build_object('name', org.name, 'logo', org.logo, 'brand_color', org.brand_color),
    'needs_code', p.kind = 'customer' or p.require_code,
    'contacts', coalesce((
      select jsonb_agg(jsonb_build_object('id', c.id, 'name', private.person_name(c), 'email_hint', private.mask_email(c.email))
                       order by c.first_name, c.last_name, c.id)
      from public.prospects c where private.portal_has_contact(p, c) and c.email <> ''), '[]'::jsonb)
  );
end
$$;

-- E-mails a one-time code (6 digits, 10 minutes) to a contact of the portal. At most 10
-- codes per address and 5 per contact in 15 minutes. Null for a bad link or code.
create or replace function public.portal_send_sign_in_code(p_token text, p_code text, p_prospect_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  code_window constant interval := interval '15 minutes';
  found record := private.portal_for_credential(p_token, p_code);
  p public.portals := found.portal;
  c public.prospects;
  org_name text;
  challenge uuid := gen_random_uuid();
  bytes bytea := extensions.gen_random_bytes(3);
  one_time text := lpad((((get_byte(bytes, 0) << 16) | (get_byte(bytes, 1) << 8) | get_byte(bytes, 2)) % 1000000)::text, 6, '0');
  expires timestamptz := now() + interval '10 minutes';
begin
  if p.id is null then
    return null;
  end if;
  select * into c from public.prospects pr where pr.id = p_prospect_id;
  if c.id is null or not private.portal_has_contact(p, c) or c.email = '' then
    raise exception 'Choose one of the people listed' using errcode = '22023', detail = 'contact_unknown';
  end if;
  perform private.refuse_when_limited('portal_sign_in_code', 10, code_window, 'Too many codes requested. Please wait 15 minutes and try again.');
  if private.rate_limited('portal_sign_in_code_contact', 5, code_window, c.id::text) then
    perform private.raise_too_many(private.seconds_left(code_window), 'Too many codes were sent to this person. Please wait 15 minutes and try again.');
  end if;
  perform private.count_hit('portal_sign_in_code', code_window);
  perform private.count_hit('portal_sign_in_code_contact', code_window, c.id::text);

  delete from public.portal_sign_in_codes s where s.expires_at < now() - interval '1 day';
  insert into public.portal_sign_in_codes (id, org_id, portal_id, prospect_id, code_hash, expires_at, ip_address)
    values (challenge, p.org_id, p.id, c.id, private.token_hash(challenge::text || ':' || one_time), expires, private.request_ip());
  select o.name into org_name from public.organizations o where o.id = p.org_id;
  insert into public.mail_outbox (org_id, "to", subject, text, html, contains_secret)
  values (
    p.org_id, c.email,
    left(format('Your code for %s', p.name), 250),
    format(E'Hello %s,\n\nyour code to open %s (%s) is:\n\n%s\n\nIt works for 10 minutes. If you did not ask for it, you can ignore this e-mail.\n',
      private.person_name(c), p.name, org_name, one_time),
    format('<p>Hello %s,</p><p>your code to open %s (%s) is:</p><p style="font-size:24px;letter-spacing:4px"><strong>%s</strong></p><p>It works for 10 minutes. If you did not ask for it, you can ignore this e-mail.</p>',
      private.html_escape(private.person_name(c)), private.html_escape(p.name), private.html_escape(org_name), one_time),
    true
  );
  return jsonb_build_object('challenge_id', challenge, 'sent_to', private.mask_email(c.email), 'expires_at', expires);
end
$$;

-- Signs in: checks the one-time code when the portal needs one (5 tries per code), then
-- creates the customer session (24 hours; the token returned once, stored hashed) with the
-- browser's encrypted blob, the caller's address and user agent.
-- Answers {status: 'signed_in', ...}, {status: 'wrong_code', attempts_left} or
-- {status: 'code_expired'}; null for a bad link or access code.
create or replace function public.portal_sign_in(
  p_token text, p_code text, p_challenge_id uuid, p_one_time_code text, p_encrypted_data text
) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  found record := private.portal_for_credential(p_token, p_code);
  p public.portals := found.portal;
  challenge public.portal_sign_in_codes;
  person uuid;
  token text := private.new_token();
  session_id uuid;
  expires timestamptz := now() + interval '24 hours';
  access private.portal_access;
begin
  if p.id is null then
    return null;
  end if;
  if p_encrypted_data is null or length(p_encrypted_data) not between 16 and 4096 or p_encrypted_data !~ '^[A-Za-z0-9+/]+={0,2}$' then
    raise exception 'The session could not be stored on this device; please try again' using errcode = '22023', detail = 'invalid_session_data';
  end if;
  if p.kind = 'customer' or p.require_code then
    select * into challenge from public.portal_sign_in_codes s
      where s.id = p_challenge_id and s.portal_id = p.id and s.used_at is null and s.expires_at > now() and s.attempts < 5
      for update;
    if challenge.id is null then
      return jsonb_build_object('status', 'code_expired');
    end if;
    if challenge.code_hash <> private.token_hash(challenge.id::text || ':' || regexp_replace(coalesce(p_one_time_code, ''), '\s', '', 'g')) then
      update public.portal_sign_in_codes s set attempts = s.attempts + 1 where s.id = challenge.id;
      return jsonb_build_object('status', 'wrong_code', 'attempts_left', 4 - challenge.attempts);
    end if;
    update public.portal_sign_in_codes s set used_at = now() where s.id = challenge.id;
    person := challenge.prospect_id;
  else
    person := p.prospect_id;
  end if;

  delete from public.customer_sessions s where s.portal_id = p.id and s.expires_at <= now();
  insert into public.customer_sessions (org_id, prospect_id, portal_id, session_token_hash, encrypted_data, expires_at, ip_address, user_agent, last_seen_at)
    values (p.org_id, person, p.id, private.token_hash(token), p_encrypted_data, expires, private.request_ip(),
            left(private.request_header('user-agent'), 500), now())
    returning id into session_id;
  access := (p.id, p.org_id, p.kind, person, session_id, found.link_id, expires, token);
  perform private.log_portal_access(access, 'signed in');
  return jsonb_build_object('status', 'signed_in', 'session_token', token, 'expires_at', expires,
                            'prospect_id', person, 'portal_id', p.id, 'kind', p.kind);
end
$$;

-- Whether a session is still good (the guard asks at start when online). Null when not.
create or replace function public.portal_session_check(p_session text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  a private.portal_access := private.portal_access_for(null, p_session);
begin
  if a.portal_id is null then
    return null;
  end if;
  return jsonb_build_object('portal_id', a.portal_id, 'kind', a.kind, 'prospect_id', a.prospect_id, 'expires_at', a.session_expires_at);
end
$$;

-- The portal home. p_record false (a refresh after a poll saw a change) counts no view.
create or replace function public.portal_home(p_session text default null, p_token text default null, p_record boolean default true) returns jsonb
language plpgsql volatile security definer set search_path = '' set timezone = 'UTC' as $$
declare
  a private.portal_access := private.portal_access_for(p_token, p_session);
begin
  if a.portal_id is null then
    return null;
  end if;
  if coalesce(p_record, true) then
    update public.portals p set view_count = p.view_count + 1, last_accessed_at = now() where p.id = a.portal_id;
    if a.link_id is not null then
      update public.portal_links l set view_count = l.view_count + 1, last_viewed_at = now() where l.id = a.link_id;
    end if;
    perform private.log_portal_access(a, 'portal home');
  end if;
  return private.portal_payload(a.portal_id, a.prospect_id);
end
$$;

-- What a page polls (private.portal_update_payload); null for a bad credential, as above.
create or replace function public.portal_updates(p_session text default null, p_token text default null) returns jsonb
language sql volatile security definer set search_path = '' set timezone = 'UTC' as $$
  select private.portal_update_payload(a.portal_id, a.prospect_id)
  from private.portal_access_for(p_token, p_session) a
  where a.portal_id is not null
$$;

-- A new action of the caller: limited to 30 per address in 10 minutes (a retry with a key
-- already used is answered without counting).
create or replace function private.count_portal_action() returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.take_hit('portal_action', 30, interval '10 minutes',
    'Too many messages from this connection. Please wait a few minutes and try again.');
end
$$;

-- A comment in the portal's conversation, signed with the person's name. p_key is the
-- comment's id, made by the page: a resent comment is recorded once.
create or replace function public.portal_comment(p_session text, p_token text, p_key uuid, p_body text) returns jsonb
language plpgsql volatile security definer set search_path = '' set timezone = 'UTC' as $$
declare
  a private.portal_access := private.portal_access_for(p_token, p_session);
  earlier public.comments;
  c public.prospects;
  body text;
  inserted uuid;
begin
  if a.portal_id is null then
    return null;
  end if;
  if p_key is null then
    raise exception 'Every comment needs an idempotency key' using errcode = '22023', detail = 'idempotency_key_required';
  end if;
  select * into earlier from public.comments cm where cm.id = p_key;
  if earlier.id is null then
    body := private.required_text(p_body, 2000, 'comment', 'a comment');
    perform private.count_portal_action();
    select * into c from public.prospects pr where pr.id = a.prospect_id;
    insert into public.comments (id, org_id, portal_id, author_kind, author_prospect_id, author_name, body, internal)
      values (p_key, a.org_id, a.portal_id, 'customer', a.prospect_id, private.person_name(c), body, false)
      on conflict (id) do nothing
      returning id into inserted;
    if inserted is not null then
      perform private.log_portal_access(a, 'comment');
      return private.portal_update_payload(a.portal_id, a.prospect_id);
    end if;
    select * into earlier from public.comments cm where cm.id = p_key;
  end if;
  if earlier.portal_id is distinct from a.portal_id or earlier.author_kind <> 'customer'
     or earlier.author_prospect_id is distinct from a.prospect_id or earlier.estimate_id is not null then
    raise exception 'This idempotency key belongs to another action' using errcode = '22023', detail = 'idempotency_key_reused';
  end if;
  return private.portal_update_payload(a.portal_id, a.prospect_id);
end
$$;

-- A request for new work from inside the portal (source portal), prefilled by the page with
-- the person's details. p_key is the request's id: a resent request is filed once.
create or replace function public.portal_request(
  p_session text, p_token text, p_key uuid, p_name text, p_email text, p_phone text, p_company text,
  p_description text, p_desired_start date, p_budget_range text
) returns jsonb
language plpgsql volatile security definer set search_path = '' set timezone = 'UTC' as $$
declare
  a private.portal_access := private.portal_access_for(p_token, p_session);
  p public.portals;
  earlier public.estimate_requests;
  details record;
  filed public.estimate_requests;
begin
  if a.portal_id is null then
    return null;
  end if;
  if p_key is null then
    raise exception 'Every request needs an idempotency key' using errcode = '22023', detail = 'idempotency_key_required';
  end if;
  select * into earlier from public.estimate_requests r where r.id = p_key;
  if earlier.id is not null then
    if earlier.portal_id is distinct from a.portal_id or earlier.prospect_id is distinct from a.prospect_id or earlier.source <> 'portal' then
      raise exception 'This idempotency key belongs to another request' using errcode = '22023', detail = 'idempotency_key_reused';
    end if;
    return jsonb_build_object('reference', earlier.reference, 'id', earlier.id, 'requests', private.portal_requests(a.portal_id, a.prospect_id));
  end if;
  select * into p from public.portals po where po.id = a.portal_id;
  if not p.allow_requests then
    raise exception 'This portal does not take new requests; please write to us in the conversation' using errcode = 'PT409', detail = 'requests_closed';
  end if;

  details := private.checked_request(p_name, p_email, p_phone, p_company, p_description, p_desired_start, p_budget_range);
  perform private.count_portal_action();
  insert into public.estimate_requests (id, org_id, name, email, phone, company, description, desired_start, budget_range,
                                        source, portal_id, prospect_id, status, ip_address, user_agent)
    values (p_key, a.org_id, details.name, details.email, details.phone, details.company, details.description,
            p_desired_start, details.budget_range, 'portal', a.portal_id, a.prospect_id, 'new',
            private.request_ip(), left(private.request_header('user-agent'), 500))
    returning * into filed;
  perform private.log_portal_access(a, 'request ' || filed.reference);
  return jsonb_build_object('reference', filed.reference, 'id', filed.id, 'requests', private.portal_requests(a.portal_id, a.prospect_id));
end
$$;

-- The estimate link token that opens one of the portal's estimates in the estimate page's
-- own view (section 3). The same token for the same credential and estimate, renewed for 30
-- minutes (never past the session or the portal). Null when the portal does not show it.
create or replace function public.portal_estimate_link(p_session text, p_token text, p_estimate_id uuid, p_record boolean default true) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  a private.portal_access := private.portal_access_for(p_token, p_session);
  p public.portals;
  e public.estimates;
  derived text;
  expires timestamptz;
begin
  if a.portal_id is null then
    return null;
  end if;
  select * into p from public.portals po where po.id = a.portal_id;
  select * into e from public.estimates est where est.id = p_estimate_id;
  if e.id is null or not private.portal_shows_estimate(p, e) then
    return null;
  end if;
  derived := rtrim(translate(encode(extensions.hmac(convert_to('estimate:' || e.id::text, 'UTF8'), convert_to(a.secret, 'UTF8'), 'sha256'), 'base64'), '+/', '-_'), '=');
  expires := least(now() + interval '30 minutes', coalesce(a.session_expires_at, 'infinity'::timestamptz), coalesce(p.expires_at, 'infinity'::timestamptz));
  insert into public.estimate_links (org_id, estimate_id, token_hash, channel, portal_id, customer_session_id, expires_at)
    values (e.org_id, e.id, private.token_hash(derived), 'portal', p.id, a.session_id, expires)
    on conflict (token_hash) do update set expires_at = excluded.expires_at, revoked_at = null, revoked_by = null;
  if coalesce(p_record, true) then
    perform private.log_portal_access(a, 'estimate ' || e.number);
  end if;
  return jsonb_build_object('token', derived, 'expires_at', expires);
end
$$;

-- Signing out (or a device clearing a session it cannot read) deletes the session's row.
create or replace function public.portal_sign_out(p_session text) returns void
language sql volatile security definer set search_path = '' as $$
  delete from public.customer_sessions s
  where p_session ~ '^[A-Za-z0-9_-]{43}$' and s.session_token_hash = private.token_hash(p_session)
$$;

revoke execute on function
  public.portal_sign_in_options(text, text), public.portal_send_sign_in_code(text, text, uuid),
  public.portal_sign_in(text, text, uuid, text, text), public.portal_session_check(text),
  public.portal_home(text, text, boolean), public.portal_updates(text, text), public.portal_comment(text, text, uuid, text),
  public.portal_request(text, text, uuid, text, text, text, text, text, date, text),
  public.portal_estimate_link(text, text, uuid, boolean), public.portal_sign_out(text)
  from public;
grant execute on function
  public.portal_sign_in_options(text, text), public.portal_send_sign_in_code(text, text, uuid),
  public.portal_sign_in(text, text, uuid, text, text), public.portal_session_check(text),
  public.portal_home(text, text, boolean), public.portal_updates(text, text), public.portal_comment(text, text, uuid, text),
  public.portal_request(text, text, uuid, text, text, text, text, text, date, text),
  public.portal_estimate_link(text, text, uuid, boolean), public.portal_sign_out(text)
  to anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- 5. Staff

-- The portal, when the caller has one of the roles in its organization; 42501 otherwise
-- (an unknown portal and a portal of another organization alike).
create or replace function private.staff_portal(p_portal uuid, p_roles text[], p_what text) returns public.portals
language plpgsql stable security definer set search_path = '' as $$
declare
  p public.portals;
begin
  select * into p from public.portals po where po.id = p_portal and not po._deleted;
  if p.id is null or not private.has_role(p.org_id, p_roles) then
    raise exception 'Only % of the organization can %', case when 'sales' = any (p_roles) then 'sales reps, admins and owners'
                                                             when 'viewer' = any (p_roles) then 'members' else 'owners and admins' end, p_what
      using errcode = '42501';
  end if;
  return p;
end
$$;

create or replace function private.invalid_portal(p_field text, p_message text) returns void
language plpgsql set search_path = '' as $$
begin
  raise exception '%', p_message using errcode = '22023', detail = 'invalid_portal', hint = p_field;
end
$$;

-- A portal's settings from the form ({name, welcome_message, brand_color, show_all_estimates,
-- visible_estimate_ids, allow_requests, require_code, expires_at}) laid over `p`, checked.
create or replace function private.portal_with_settings(p public.portals, v jsonb) returns public.portals
language plpgsql stable security definer set search_path = '' as $$
declare
  ids jsonb := coalesce(v -> 'visible_estimate_ids', '[]'::jsonb);
  expires text := v ->> 'expires_at';
begin
  if jsonb_typeof(v) is distinct from 'object' then
    perform private.invalid_portal('name', 'The portal settings are missing');
  end if;
  p.name := private.tidy_line(v ->> 'name');
  if p.name = '' then
    perform private.invalid_portal('name', 'Enter a name for the portal');
  elsif length(p.name) > 200 then
    perform private.invalid_portal('name', 'The name is too long (at most 200 characters)');
  end if;
  p.welcome_message := btrim(coalesce(v ->> 'welcome_message', ''));
  if length(p.welcome_message) > 2000 then
    perform private.invalid_portal('welcome_message', 'The welcome message is too long (at most 2,000 characters)');
  end if;
  p.brand_color := lower(btrim(coalesce(v ->> 'brand_color', '')));
  if p.brand_color <> '' and p.brand_color !~ '^#[0-9a-f]{6}$' then
    perform private.invalid_portal('brand_color', 'Enter the colour as #rrggbb, e.g. #0f766e');
  end if;
  p.show_all_estimates := coalesce((v ->> 'show_all_estimates')::boolean, true);
  p.allow_requests := coalesce((v ->> 'allow_requests')::boolean, true);
  p.require_code := p.kind = 'prospect' and coalesce((v ->> 'require_code')::boolean, false);
  if jsonb_typeof(ids) <> 'array' or jsonb_array_length(ids) > 300
     or exists (select 1 from jsonb_array_elements(ids) x(el) where jsonb_typeof(x.el) <> 'string' or x.el #>> '{}' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') then
    perform private.invalid_portal('visible_estimate_ids', 'The chosen estimates could not be read');
  end if;
  if exists (select 1 from jsonb_array_elements_text(ids) x(id)
             where not exists (select 1 from public.estimates e where e.id = lower(x.id)::uuid and e.org_id = p.org_id and not e._deleted
                               and case when p.kind = 'customer' then e.account_id is not distinct from p.account_id else e.prospect_id is not distinct from p.prospect_id end)) then
    perform private.invalid_portal('visible_estimate_ids', 'Choose estimates of this portal''s customer only');
  end if;
  if not p.show_all_estimates and jsonb_array_length(ids) = 0 then
    perform private.invalid_portal('visible_estimate_ids', 'Choose at least one estimate, or show all sent estimates');
  end if;
  p.visible_estimate_ids := (select coalesce(jsonb_agg(distinct lower(x.id)), '[]'::jsonb)::text from jsonb_array_elements_text(ids) x(id));
  if expires is null or expires = '' then
    p.expires_at := null;
  else
    begin
      p.expires_at := expires::timestamptz;
    exception when others then
      perform private.invalid_portal('expires_at', 'The expiry date could not be read');
    end;
    if p.expires_at <= now() then
      perform private.invalid_portal('expires_at', 'Choose an expiry date in the future');
    end if;
    if p.expires_at > now() + interval '5 years' then
      perform private.invalid_portal('expires_at', 'Choose an expiry date within 5 years');
    end if;
  end if;
  return p;
end
$$;

-- Creates a portal (kind customer for an account, prospect for a prospect) and its first
-- link; the raw token is returned once. p_id is made by the page.
create or replace function public.create_portal(p_id uuid, p_org_id uuid, p_kind text, p_customer_id uuid, p_settings jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.portals;
begin
  perform private.require_role(p_org_id, array['owner', 'admin'], 'Only owners and admins of the organization can create portals');
  if p_id is null or exists (select 1 from public.portals po where po.id = p_id) then
    raise exception 'This portal was already created' using errcode = 'PT409', detail = 'portal_exists';
  end if;
  p.id := p_id;
  p.org_id := p_org_id;
  p.kind := p_kind;
  if p_kind = 'customer' and exists (select 1 from public.accounts a where a.id = p_customer_id and a.org_id = p_org_id and not a._deleted) then
    p.account_id := p_customer_id;
  elsif p_kind = 'prospect' and exists (select 1 from public.prospects c where c.id = p_customer_id and c.org_id = p_org_id and not c._deleted) then
    p.prospect_id := p_customer_id;
  else
    perform private.invalid_portal('customer', case when p_kind = 'prospect' then 'Choose a prospect' else 'Choose an account' end);
  end if;
  p := private.portal_with_settings(p, p_settings);
  insert into public.portals (id, org_id, kind, account_id, prospect_id, name, welcome_message, brand_color, show_all_estimates,
                              visible_estimate_ids, allow_requests, require_code, expires_at)
    values (p.id, p.org_id, p.kind, p.account_id, p.prospect_id, p.name, p.welcome_message, p.brand_color, p.show_all_estimates,
            p.visible_estimate_ids, p.allow_requests, p.require_code, p.expires_at);
  return public.issue_portal_token(p.id);
end
$$;

create or replace function public.update_portal(p_portal_id uuid, p_settings jsonb) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.portals := private.staff_portal(p_portal_id, array['owner', 'admin'], 'change portals');
begin
  p := private.portal_with_settings(p, p_settings);
  update public.portals po
    set name = p.name, welcome_message = p.welcome_message, brand_color = p.brand_color, show_all_estimates = p.show_all_estimates,
        visible_estimate_ids = p.visible_estimate_ids, allow_requests = p.allow_requests, require_code = p.require_code, expires_at = p.expires_at
    where po.id = p.id;
  perform private.revoke_portal_estimate_links(p.id, false);
end
$$;

-- Every link, the access code and every session stop working; one new link is issued, and a
-- revoked portal opens again with it.
create or replace function public.rotate_portal_token(p_portal_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.portals := private.staff_portal(p_portal_id, array['owner', 'admin'], 'rotate portal links');
begin
  perform private.close_portal_access(p.id);
  update public.portals po set revoked_at = null where po.id = p.id;
  return public.issue_portal_token(p.id);
end
$$;

create or replace function public.revoke_portal_link(p_link_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  link public.portal_links;
begin
  select * into link from public.portal_links l where l.id = p_link_id;
  perform private.staff_portal(link.portal_id, array['owner', 'admin'], 'revoke portal links');
  update public.portal_links l set revoked_at = now() where l.id = link.id and l.revoked_at is null;
  -- Token pages opened with it may have estimate links derived from it; they are made again
  -- from links that still work.
  update public.estimate_links l set revoked_at = now()
    where l.portal_id = link.portal_id and l.customer_session_id is null and l.channel = 'portal' and l.revoked_at is null;
end
$$;

create or replace function public.delete_portal(p_portal_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.portals := private.staff_portal(p_portal_id, array['owner', 'admin'], 'delete portals');
begin
  perform private.close_portal_access(p.id);
  update public.portals po set _deleted = true, token_hash = null where po.id = p.id;
end
$$;

-- A new access code (the previous one stops working), returned once: XXXX-XXXX-XXXX, the
-- first group finds the portal, the other two (about 40 bits) are the secret.
create or replace function public.new_portal_access_code(p_portal_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.portals := private.staff_portal(p_portal_id, array['owner', 'admin'], 'make access codes');
  v_code_id text;
  secret text := private.code_characters(8);
begin
  loop
    v_code_id := private.code_characters(4);
    exit when not exists (select 1 from public.portal_access_codes c where c.code_id = v_code_id and c.portal_id <> p.id);
  end loop;
  insert into public.portal_access_codes as c (portal_id, org_id, code_id, code_hash, created_by)
    values (p.id, p.org_id, v_code_id, private.token_hash(v_code_id || secret), auth.uid())
    on conflict (portal_id) do update set code_id = excluded.code_id, code_hash = excluded.code_hash,
                                          created_by = excluded.created_by, created_at = now();
  return jsonb_build_object('code', v_code_id || '-' || left(secret, 4) || '-' || right(secret, 4));
end
$$;

-- Mails a new link to a contact (or an address typed by staff) through the outbox.
create or replace function public.send_portal_link(p_portal_id uuid, p_prospect_id uuid default null, p_email text default null, p_message text default '')
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.portals := private.staff_portal(p_portal_id, array['owner', 'admin', 'sales'], 'send portals');
  c public.prospects;
  email text := lower(btrim(coalesce(p_email, '')));
  greeting text := 'Hello';
  message text := btrim(coalesce(p_message, ''));
  org public.organizations;
  token text := private.new_token();
  link_id uuid;
  url text;
begin
  if not private.portal_open(p) then
    raise exception 'This portal is revoked or expired; rotate its link to open it again' using errcode = 'PT409', detail = 'portal_closed';
  end if;
  if p_prospect_id is not null then
    select * into c from public.prospects pr where pr.id = p_prospect_id and pr.org_id = p.org_id and not pr._deleted;
    if email = '' then
      email := lower(coalesce(c.email, ''));
    end if;
    if c.id is not null then
      greeting := 'Hello ' || private.person_name(c);
    end if;
  end if;
  if email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or length(email) > 254 then
    raise exception 'Enter the e-mail address to send the portal to' using errcode = '22023', detail = 'invalid_email';
  end if;
  if length(message) > 2000 then
    raise exception 'The message is too long (at most 2,000 characters)' using errcode = '22023', detail = 'invalid_portal', hint = 'message';
  end if;
  insert into public.portal_links (org_id, portal_id, token_hash, channel, sent_to, created_by)
    values (p.org_id, p.id, private.token_hash(token), 'email', email, auth.uid())
    returning id into link_id;
  update public.portals po set token_hash = private.token_hash(token) where po.id = p.id;
  select * into org from public.organizations o where o.id = p.org_id;
  url := '{{site_url}}' || case when p.kind = 'prospect' then '/prospect-portal/' else '/portal/' end || token;
  insert into public.mail_outbox (org_id, "to", subject, text, html, contains_secret)
  values (
    p.org_id, email,
    left(format('%s: your portal %s', org.name, p.name), 250),
    format(E'%s,\n\n%s invites you to your portal "%s": your estimates, the project timeline and a conversation with the team.\n\n%s%s\n\nOpen it here:\n%s\n',
      greeting, org.name, p.name, case when message = '' then '' else message || E'\n\n' end,
      case when p.kind = 'customer' or p.require_code then 'To confirm it is you, we will e-mail you a one-time code when you open it.' else '' end, url),
    format('<p>%s,</p><p>%s invites you to your portal “%s”: your estimates, the project timeline and a conversation with the team.</p>%s<p><a href="%s">Open your portal</a></p>',
      private.html_escape(greeting), private.html_escape(org.name), private.html_escape(p.name),
      case when message = '' then '' else '<p style="white-space:pre-wrap">' || private.html_escape(message) || '</p>' end, url),
    true
  );
  return jsonb_build_object('link_id', link_id, 'sent_to', email);
end
$$;

-- What staff see of a portal beside its replicated row: links (no tokens), whether an access
-- code exists, active sessions and the access log (the latest 200 entries).
create or replace function public.portal_activity(p_portal_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  p public.portals := private.staff_portal(p_portal_id, array['owner', 'admin', 'sales', 'viewer'], 'see portals');
begin
  return jsonb_build_object(
    'links', coalesce((
      select jsonb_agg(jsonb_build_object('id', l.id, 'channel', l.channel, 'sent_to', l.sent_to, 'created_at', l.created_at,
                                          'created_by_name', coalesce(nullif(btrim(pf.first_name || ' ' || pf.last_name), ''), ''),
                                          'view_count', l.view_count, 'last_viewed_at', l.last_viewed_at)
                       order by l.created_at desc, l.id)
      from public.portal_links l left join public.profiles pf on pf.user_id = l.created_by and pf.org_id = l.org_id
      where l.portal_id = p.id and l.revoked_at is null), '[]'::jsonb),
    'access_code', (select jsonb_build_object('created_at', c.created_at) from public.portal_access_codes c where c.portal_id = p.id),
    'sessions', coalesce((
      select jsonb_agg(jsonb_build_object('id', s.id, 'prospect_id', s.prospect_id, 'person', private.person_name(pr),
                                          'ip_address', s.ip_address, 'user_agent', s.user_agent, 'created_at', s.created_at,
                                          'expires_at', s.expires_at, 'last_seen_at', s.last_seen_at)
                       order by s.created_at desc, s.id)
      from public.customer_sessions s join public.prospects pr on pr.id = s.prospect_id
      where s.portal_id = p.id and s.expires_at > now()), '[]'::jsonb),
    'access_log', coalesce((
      select jsonb_agg(jsonb_build_object('id', l.id, 'accessed_at', l.accessed_at, 'token_kind', l.token_kind, 'what', l.what,
                                          'person', case when pr.id is null then '' else private.person_name(pr) end, 'ip_address', l.ip_address, 'user_agent', l.user_agent)
                       order by l.accessed_at desc, l.id desc)
      from (select * from public.access_logs l0 where l0.portal_id = p.id order by l0.accessed_at desc, l0.id desc limit 200) l
      left join public.prospects pr on pr.id = l.prospect_id), '[]'::jsonb)
  );
end
$$;

-- What the customer sees, for staff: the portal home as the portal's prospect (or, for an
-- account's portal, as a contact not yet known: no contact, no requests).
create or replace function public.portal_preview(p_portal_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' set timezone = 'UTC' as $$
declare
  p public.portals := private.staff_portal(p_portal_id, array['owner', 'admin', 'sales', 'viewer'], 'see portals');
begin
  return private.portal_payload(p.id, p.prospect_id);
end
$$;

revoke execute on function
  public.create_portal(uuid, uuid, text, uuid, jsonb), public.update_portal(uuid, jsonb), public.rotate_portal_token(uuid),
  public.revoke_portal_link(uuid), public.delete_portal(uuid), public.new_portal_access_code(uuid),
  public.send_portal_link(uuid, uuid, text, text), public.portal_activity(uuid), public.portal_preview(uuid)
  from public, anon;
grant execute on function
  public.create_portal(uuid, uuid, text, uuid, jsonb), public.update_portal(uuid, jsonb), public.rotate_portal_token(uuid),
  public.revoke_portal_link(uuid), public.delete_portal(uuid), public.new_portal_access_code(uuid),
  public.send_portal_link(uuid, uuid, text, text), public.portal_activity(uuid), public.portal_preview(uuid)
  to authenticated;
revoke execute on function
  private.portal_for_credential(text, text), private.portal_access_for(text, text), private.log_portal_access(private.portal_access, text),
  private.portal_payload(uuid, uuid), private.portal_update_payload(uuid, uuid), private.revoke_portal_estimate_links(uuid, boolean),
  private.end_portal_sessions(uuid), private.close_portal_access(uuid), private.staff_portal(uuid, text[], text), private.portal_with_settings(public.portals, jsonb),
  private.count_portal_action(),
  private.portal_comments(uuid), private.portal_requests(uuid, uuid), private.estimates_portal_links()
  from public, anon, authenticated;
