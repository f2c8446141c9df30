-- Sending an estimate and accepting it in the field.
--
-- 1. The canonical snapshot and its hash are private.estimate_snapshot and
--    private.snapshot_sha256 (20261122000300_estimates.sql); verify_acceptance checks one here.
-- 2. Server-kept estimates.customer_name; client-written sent_to_email and acceptance_sha256
--    (columns and rules in 20261122000300_estimates.sql).
-- 3. Entering `sent` with a sent_to_email issues the customer estimate link (server-only
--    table estimate_links, only the token's hash kept) and mails it through the outbox, in
--    the same transaction. An estimate may have several links; staff issue more, revoke one
--    or rotate them by RPC; the customer page resolves a token with estimate_by_link_token
--    (the customer's side is in 20261125000200_customer_estimate.sql).
-- 4. Field acceptance: a staff client may accept an estimate only with the customer's
--    evidence (typed name, signature, hash of what they saw); the server recomputes the hash
--    and refuses a mismatch (acceptance_mismatch). From draft (or any status that may be
--    sent) the acceptance passes through `sent`. sync_push applies such a change in two
--    steps so a mismatch refuses only that change, after the batch's items have landed
--    (20261122000900_sync.sql).
--
-- Reason keys (the `detail` of the errors, and `reason` in sync_push answers):
--   invalid_email                 23514  sent_to_email is not an e-mail address
--   acceptance_evidence_required  PT422  accepting without name, signature and hash
--   invalid_acceptance_hash       23514  acceptance_sha256 is not 64 lowercase hex digits
--   signature_too_large           22001  acceptance_signature above 200 KB
--   acceptance_mismatch           PT409  the server's snapshot hash differs from the device's
--   estimate_not_sent             PT409  a link for an estimate that was never sent

-- Raises acceptance_mismatch unless the estimate's current content hashes to p_sha256.
create or replace function private.verify_acceptance(p_estimate uuid, p_sha256 text) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  hash text := private.snapshot_sha256(private.estimate_snapshot(p_estimate));
begin
  if hash is distinct from p_sha256 then
    raise exception 'The estimate changed after the customer signed; capture the acceptance again'
      using errcode = 'PT409', detail = 'acceptance_mismatch', hint = format('server=%s device=%s', hash, p_sha256);
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 2. Customer name, as the app shows it (src/features/estimates/estimate-bits.tsx
-- customerName): the account's name; else the prospect as "First Last (Company)", the
-- person, the company or the e-mail address, whichever is there.
create or replace function private.prospect_display_name(first_name text, last_name text, company text, email text)
returns text
language sql immutable set search_path = '' as $$
  select case when person <> '' and coalesce(company, '') <> '' then person || ' (' || company || ')'
              else coalesce(nullif(person, ''), nullif(company, ''), email, '') end
  from (select regexp_replace(coalesce(first_name, '') || ' ' || coalesce(last_name, ''), '^[[:space:]]+|[[:space:]]+$', '', 'g') as person) p
$$;

create or replace function private.customer_display_name(p_account uuid, p_prospect uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select a.name from public.accounts a where a.id = p_account),
    (select private.prospect_display_name(p.first_name, p.last_name, p.company, p.email) from public.prospects p where p.id = p_prospect),
    '')
$$;

-- Renaming a customer renames it on its estimates. A server write: it passes the lock of
-- accepted estimates, and customer_name is not in the snapshot, so it adds no version.
create or replace function public.refresh_customer_names() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_table_name = 'accounts' then
    update public.estimates e set customer_name = private.customer_display_name(e.account_id, e.prospect_id)
      where e.account_id = new.id and e.customer_name is distinct from private.customer_display_name(e.account_id, e.prospect_id);
  else
    update public.estimates e set customer_name = private.customer_display_name(e.account_id, e.prospect_id)
      where e.prospect_id = new.id and e.customer_name is distinct from private.customer_display_name(e.account_id, e.prospect_id);
  end if;
  return null;
end
$$;

create trigger accounts_refresh_customer_names after update of name on public.accounts
  for each row when (old.name is distinct from new.name)
  execute function public.refresh_customer_names();
create trigger prospects_refresh_customer_names after update of first_name, last_name, company, email on public.prospects
  for each row when ((old.first_name, old.last_name, old.company, old.email) is distinct from (new.first_name, new.last_name, new.company, new.email))
  execute function public.refresh_customer_names();

-- ---------------------------------------------------------------------------------------
-- ---------------------------------------------------------------------------------------
-- 3. Customer estimate links

-- Server-only. An estimate may have several active links: the one each send mails, and
-- any staff issue to share another way ("Copy link" adds one and leaves the mailed one
-- working); staff revoke one link, or rotate (revoke all, issue one). A link expires 90
-- days after it is issued, whatever the estimate's valid_until: an expired estimate stays
-- readable for the customer (it shows as expired). Views are counted per link (openings of
-- the customer page, not its polling) and on the estimate (view_count, last_viewed_at).
create table public.estimate_links (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  estimate_id uuid not null,
  token_hash text not null unique,
  -- How the link reached the customer: mailed by a send, issued to share by hand, or made
  -- for an estimate opened inside a portal (20261125000600_portals.sql, section 3).
  channel text not null default 'email' check (channel in ('email', 'link', 'portal')),
  sent_to text not null default '',
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '90 days',
  revoked_at timestamptz,
  revoked_by uuid references auth.users (id) on delete set null,
  view_count integer not null default 0,
  first_viewed_at timestamptz,
  last_viewed_at timestamptz,
  -- A portal's link: the portal, and the customer session it was made for (none on a
  -- prospect token page).
  portal_id uuid,
  customer_session_id uuid references public.customer_sessions (id) on delete cascade,
  foreign key (estimate_id, org_id) references public.estimates (id, org_id) on delete cascade,
  constraint estimate_links_portal_fk foreign key (portal_id, org_id) references public.portals (id, org_id) on delete cascade
);
create index estimate_links_estimate_idx on public.estimate_links (estimate_id, created_at);
create index estimate_links_portal_idx on public.estimate_links (portal_id) where portal_id is not null;
alter table public.estimate_links enable row level security;
revoke all on public.estimate_links from anon, authenticated;

-- What PostgREST passed on of the request (lower-case header names), '' when unknown.
create or replace function private.request_header(name text) returns text
language sql stable set search_path = '' as $$
  select coalesce(nullif(current_setting('request.headers', true), '')::jsonb ->> lower(name), '')
$$;

-- The client's address, '' when unknown. The local server computes it (the socket's peer,
-- or behind TRUSTED_PROXIES the right-most untrusted X-Forwarded-For hop), removes every
-- address header the client sent and passes its own value as x-forwarded-for. On hosted
-- Supabase the platform's edge sets cf-connecting-ip (a client cannot), so it comes first.
create or replace function private.request_ip() returns text
language sql stable set search_path = '' as $$
  select case when candidate ~ '^[0-9A-Fa-f:.]{2,45}$' then lower(candidate) else '' end
  from (select coalesce(nullif(btrim(private.request_header('cf-connecting-ip')), ''),
                        btrim(split_part(private.request_header('x-forwarded-for'), ',', 1))) as candidate) address
$$;

-- Issues one more link to the estimate (the others keep working); returns the raw token,
-- which is kept nowhere.
create or replace function private.issue_estimate_link(p_estimate uuid, p_channel text default 'link', p_sent_to text default '')
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  token text := private.new_token();
  target record;
  link public.estimate_links;
begin
  select e.id, e.org_id into target from public.estimates e where e.id = p_estimate;
  insert into public.estimate_links (org_id, estimate_id, token_hash, channel, sent_to, created_by)
    values (target.org_id, target.id, private.token_hash(token), p_channel, coalesce(p_sent_to, ''), auth.uid())
    returning * into link;
  return jsonb_build_object('id', link.id, 'token', token, 'expires_at', link.expires_at);
end
$$;

create or replace function private.format_cents(cents bigint) returns text
language sql immutable strict set search_path = '' as $$
  select case when cents < 0 then '-' else '' end || '$' || to_char(abs(cents) / 100.0, 'FM999,999,999,999,990.00')
$$;

-- The mail of a send: a new link to the estimate, written to the outbox in the caller's
-- transaction (so a send made offline is mailed once it syncs, and never without it).
create or replace function private.mail_estimate_link(p_estimate uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  e public.estimates;
  org_name text;
  issued jsonb;
  link text;
  expires text;
  heading text;
  intro text;
  subject text;
  details text;
begin
  select * into e from public.estimates est where est.id = p_estimate;
  select o.name into org_name from public.organizations o where o.id = e.org_id;
  issued := private.issue_estimate_link(e.id, 'email', e.sent_to_email);
  link := '{{site_url}}/portal/estimate/' || (issued ->> 'token');
  expires := to_char((issued ->> 'expires_at')::timestamptz at time zone 'UTC', 'FMMonth FMDD, YYYY');
  heading := 'estimate ' || e.number || case when e.title <> '' then ': ' || e.title else '' end;
  subject := 'Estimate ' || e.number || case when e.title <> '' then ': ' || e.title else '' end;
  if e.status = 'accepted' then
    intro := format('Thank you! Here is your copy of %s from %s, accepted by %s on %s.',
      heading, org_name, e.accepted_by_name, to_char(e.accepted_at at time zone 'UTC', 'FMMonth FMDD, YYYY'));
  else
    intro := format('%s sent you %s.', org_name, heading);
  end if;
  details := 'Total: ' || private.format_cents(e.total_cents)
    || case when e.valid_until is not null and e.status <> 'accepted'
            then ' (valid until ' || to_char(e.valid_until, 'FMMonth FMDD, YYYY') || ')' else '' end;
  insert into public.mail_outbox (org_id, "to", subject, text, html, contains_secret)
  values (
    e.org_id,
    e.sent_to_email,
    left(subject, 250),
    format(E'%s\n%s\n\nView the estimate:\n%s\n\nThe link expires on %s. If you did not expect this e-mail, you can ignore it.\n',
      intro, details, link, expires),
    format('<p>%s</p><p>%s</p><p><a href="%s">View the estimate</a></p><p>The link expires on %s. If you did not expect this e-mail, you can ignore it.</p>',
      private.html_escape(intro), private.html_escape(details), link, expires),
    true
  );
end
$$;

-- After a client's write: an acceptance must match the server's snapshot (raising rolls
-- the write back: in sync_push only that change, see sync_push); entering `sent` (also on
-- the way to a field acceptance) with an address mails a new link. Server writes (seed,
-- jobs, token pages) neither mail nor need evidence.
create or replace function public.estimates_after_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  accepting boolean;
  sending boolean;
begin
  if not private.is_client_write() or new._deleted then
    return null;
  end if;
  accepting := new.status = 'accepted' and (tg_op = 'INSERT' or old.status <> 'accepted');
  sending := (new.status = 'sent' and (tg_op = 'INSERT' or old.status <> 'sent'))
    or (accepting and (tg_op = 'INSERT' or old.status not in ('sent', 'viewed')));
  if accepting then
    perform private.verify_acceptance(new.id, new.acceptance_sha256);
    -- The version the customer signed, now: the answer to the device carries it.
    perform private.snapshot_estimate_version(new.id);
  end if;
  if sending and new.sent_to_email <> '' then
    perform private.mail_estimate_link(new.id);
  end if;
  return null;
end
$$;

create trigger c_estimates_after_write after insert or update on public.estimates for each row execute function public.estimates_after_write();

-- Staff RPCs: issue one more link (returns the raw token once; the other links keep working)
-- and revoke one link. Listing and rotating are in 20261125000200_customer_estimate.sql.
-- The estimate whose links the caller shares (p_what: what they do): only a sales rep, admin
-- or owner of its organization, and only once it was sent.
create or replace function private.estimate_to_share(p_estimate_id uuid, p_what text) returns uuid
language plpgsql stable set search_path = '' as $$
declare
  e record;
begin
  select est.id, est.org_id, est.status, est.sent_at, est._deleted into e from public.estimates est where est.id = p_estimate_id;
  if e.id is null or e._deleted or not private.has_role(e.org_id, array['owner', 'admin', 'sales']) then
    raise exception 'Only sales reps, admins and owners of the estimate''s organization can %', p_what using errcode = '42501';
  end if;
  if e.status = 'draft' or e.sent_at is null then
    raise exception 'Send the estimate before sharing its link' using errcode = 'PT409', detail = 'estimate_not_sent';
  end if;
  return e.id;
end
$$;

create or replace function public.issue_estimate_link(p_estimate_id uuid) returns text
language plpgsql security definer set search_path = '' as $$
begin
  return private.issue_estimate_link(private.estimate_to_share(p_estimate_id, 'share its link'), 'link', '') ->> 'token';
end
$$;

create or replace function public.revoke_estimate_link(p_link_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  link public.estimate_links;
begin
  select * into link from public.estimate_links l where l.id = p_link_id;
  perform private.require_role(link.org_id, array['owner', 'admin', 'sales'], 'Only sales reps, admins and owners of the estimate''s organization can revoke its links');
  update public.estimate_links l set revoked_at = now(), revoked_by = auth.uid() where l.id = link.id and l.revoked_at is null;
end
$$;

revoke execute on function public.issue_estimate_link(uuid), public.revoke_estimate_link(uuid) from public, anon;
grant execute on function public.issue_estimate_link(uuid), public.revoke_estimate_link(uuid) to authenticated;
