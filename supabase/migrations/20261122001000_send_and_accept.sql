-- Sending an estimate and accepting it in the field.
--
-- 1. The canonical snapshot: private.estimate_snapshot builds, byte for byte, the text that
--    src/lib/estimate-snapshot.ts canonicalSnapshot builds on a device, so a hash computed
--    offline can be checked here (supabase/tests/snapshot.test.ts proves they agree).
-- 2. Server-kept estimates.customer_name; client-written sent_to_email and acceptance_sha256.
-- 3. Entering `sent` with a sent_to_email issues the customer estimate link (server-only
--    table estimate_links, only the token's hash kept) and mails it through the outbox, in
--    the same transaction. An estimate may have several links; staff issue more, revoke one
--    or rotate them by RPC; the customer page resolves a token with estimate_by_link_token
--    (the customer's side is in 20261125000200_customer_estimate.sql).
-- 4. Field acceptance: a staff client may accept an estimate only with the customer's
--    evidence (typed name, signature, hash of what they saw); the server recomputes the hash
--    and refuses a mismatch (acceptance_mismatch). From draft (or any status that may be
--    sent) the acceptance passes through `sent`. sync_push applies such a change in two
--    steps so a mismatch refuses only that change, after the batch's items have landed.
-- 5. sync_push answers a retried batch exactly as it answered it the first time.
--
-- Reason keys (the `detail` of the errors, and `reason` in sync_push answers):
--   invalid_email                 23514  sent_to_email is not an e-mail address
--   acceptance_evidence_required  PT422  accepting without name, signature and hash
--   invalid_acceptance_hash       23514  acceptance_sha256 is not 64 lowercase hex digits
--   signature_too_large           22001  acceptance_signature above 200 KB
--   acceptance_mismatch           PT409  the server's snapshot hash differs from the device's
--   estimate_not_sent             PT409  a link for an estimate that was never sent

alter table public.estimates
  add column if not exists customer_name text not null default '',
  add column if not exists sent_to_email text not null default '',
  add column if not exists acceptance_sha256 text not null default '';

-- Backstops for writes that skip the triggers' clearer messages (the seed, service code).
alter table public.estimates
  add constraint estimates_sent_to_email_check
    check (sent_to_email = '' or (sent_to_email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' and length(sent_to_email) <= 254)),
  add constraint estimates_acceptance_sha256_check check (acceptance_sha256 = '' or acceptance_sha256 ~ '^[0-9a-f]{64}$'),
  add constraint estimates_acceptance_signature_size check (octet_length(acceptance_signature) <= 204800);

-- ---------------------------------------------------------------------------------------
-- 1. Canonical snapshot

-- A string as JSON, escaped exactly like JSON.stringify (Postgres' escape_json writes the
-- same short escapes and lowercase \u00xx for other control characters); null as null.
create or replace function private.json_string(value text) returns text
language sql immutable
set search_path = ''
as $$
  select coalesce(to_json(value)::text, 'null')
$$;

-- The text changes from jsonb to the canonical text, so the function is replaced.
drop function if exists private.estimate_snapshot(uuid);
create function private.estimate_snapshot(p_estimate uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select '{"format":1,"estimate":{'
      || '"id":' || private.json_string(e.id::text)
      || ',"title":' || private.json_string(e.title)
      || ',"account_id":' || private.json_string(e.account_id::text)
      || ',"prospect_id":' || private.json_string(e.prospect_id::text)
      || ',"valid_until":' || private.json_string(to_char(e.valid_until, 'YYYY-MM-DD'))
      || ',"tax_rate":' || trim_scale(e.tax_rate)::text
      || ',"discount_cents":' || t.applied_discount_cents::text
      || ',"subtotal_cents":' || t.subtotal_cents::text
      || ',"tax_cents":' || t.tax_cents::text
      || ',"total_cents":' || t.total_cents::text
      || ',"notes":' || private.json_string(e.notes)
      || ',"terms":' || private.json_string(e.terms)
      || '},"items":[' || coalesce((
        select string_agg(
          '{"id":' || private.json_string(i.id::text)
          || ',"name":' || private.json_string(i.name)
          || ',"description":' || private.json_string(i.description)
          || ',"quantity":' || trim_scale(i.quantity)::text
          || ',"unit":' || private.json_string(i.unit)
          || ',"unit_price_cents":' || i.unit_price_cents::text
          || ',"discount_percent":' || trim_scale(i.discount_percent)::text
          || ',"taxable":' || case when i.taxable then 'true' else 'false' end
          || ',"optional":' || case when i.optional then 'true' else 'false' end
          || ',"selected":' || case when i.selected then 'true' else 'false' end
          || ',"sort_order":' || i.sort_order::text
          || ',"line_net_cents":' || private.line_net_cents(i.quantity, i.unit_price_cents, i.discount_percent)::text
          || '}', ',' order by i.sort_order, i.id)
        from public.estimate_items i where i.estimate_id = e.id and not i._deleted), '')
      || ']}'
  from public.estimates e
  cross join lateral private.compute_totals(e.id, e.discount_cents, e.tax_rate) t
  where e.id = p_estimate
$$;
revoke execute on function private.estimate_snapshot(uuid) from public, anon, authenticated;

create or replace function private.snapshot_sha256(snapshot text) returns text
language sql immutable strict
set search_path = ''
as $$
  select encode(sha256(convert_to(snapshot, 'UTF8')), 'hex')
$$;

-- Raises acceptance_mismatch unless the estimate's current content hashes to p_sha256.
create or replace function private.verify_acceptance(p_estimate uuid, p_sha256 text) returns void
language plpgsql stable security definer
set search_path = ''
as $$
declare
  hash text := private.snapshot_sha256(private.estimate_snapshot(p_estimate));
begin
  if hash is distinct from p_sha256 then
    raise exception 'The estimate changed after the customer signed; capture the acceptance again'
      using errcode = 'PT409', detail = 'acceptance_mismatch', hint = format('server=%s device=%s', hash, p_sha256);
  end if;
end
$$;

-- Versions, as before, with three changes: the canonical text; an accepted or declined
-- estimate outside the transaction that locked it cannot have changed, so it is never
-- snapshotted again (a change of format or of customer_name must not add versions to it);
-- and an acceptance with a device hash must still match when its transaction ends (items
-- written after the acceptance in the same transaction cannot change what was signed).
create or replace function private.snapshot_estimate_version(p_estimate uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  e record;
  snap text;
  hash text;
  current_hash text;
  next_number integer;
  version_id uuid;
begin
  select est.id, est.org_id, est.status, est._deleted, est.current_version_id, est.accepted_version_id,
         est.acceptance_sha256, est.locked_txid
    into e from public.estimates est where est.id = p_estimate;
  if e.id is null or e._deleted or e.status not in ('sent', 'viewed', 'changes_requested', 'accepted', 'declined') then
    return;
  end if;
  if e.status in ('accepted', 'declined') and e.current_version_id is not null
     and e.locked_txid is distinct from pg_current_xact_id() then
    return;
  end if;
  snap := private.estimate_snapshot(e.id);
  hash := private.snapshot_sha256(snap);
  if e.status = 'accepted' and e.acceptance_sha256 <> '' and e.locked_txid = pg_current_xact_id() and hash <> e.acceptance_sha256 then
    raise exception 'The estimate changed after the customer signed; capture the acceptance again'
      using errcode = 'PT409', detail = 'acceptance_mismatch', hint = format('server=%s device=%s', hash, e.acceptance_sha256);
  end if;
  select v.snapshot_sha256 into current_hash from public.estimate_versions v where v.id = e.current_version_id;
  if current_hash is distinct from hash then
    select coalesce(max(v.version_number), 0) + 1 into next_number from public.estimate_versions v where v.estimate_id = e.id;
    insert into public.estimate_versions (org_id, estimate_id, version_number, snapshot, snapshot_sha256, created_by)
      values (e.org_id, e.id, next_number, snap, hash, auth.uid())
      returning id into version_id;
    update public.estimates
      set current_version_id = version_id,
          version_number = next_number,
          accepted_version_id = case when status = 'accepted' and accepted_version_id is null then version_id else accepted_version_id end
      where id = e.id;
  elsif e.status = 'accepted' and e.accepted_version_id is null then
    update public.estimates set accepted_version_id = current_version_id where id = e.id;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 2. Customer name, as the app shows it (src/features/estimates/estimate-bits.tsx
-- customerName): the account's name; else the prospect as "First Last (Company)", the
-- person, the company or the e-mail address, whichever is there.
create or replace function private.prospect_display_name(first_name text, last_name text, company text, email text)
returns text
language sql immutable
set search_path = ''
as $$
  select case when person <> '' and coalesce(company, '') <> '' then person || ' (' || company || ')'
              else coalesce(nullif(person, ''), nullif(company, ''), email, '') end
  from (select regexp_replace(coalesce(first_name, '') || ' ' || coalesce(last_name, ''), '^[[:space:]]+|[[:space:]]+$', '', 'g') as person) p
$$;

create or replace function private.customer_display_name(p_account uuid, p_prospect uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select a.name from public.accounts a where a.id = p_account),
    (select private.prospect_display_name(p.first_name, p.last_name, p.company, p.email) from public.prospects p where p.id = p_prospect),
    '')
$$;

-- Renaming a customer renames it on its estimates. A server write: it passes the lock of
-- accepted estimates, and customer_name is not in the snapshot, so it adds no version.
create or replace function public.refresh_customer_names() returns trigger
language plpgsql security definer
set search_path = ''
as $$
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

drop trigger if exists accounts_refresh_customer_names on public.accounts;
create trigger accounts_refresh_customer_names after update of name on public.accounts
  for each row when (old.name is distinct from new.name)
  execute function public.refresh_customer_names();
drop trigger if exists prospects_refresh_customer_names on public.prospects;
create trigger prospects_refresh_customer_names after update of first_name, last_name, company, email on public.prospects
  for each row when ((old.first_name, old.last_name, old.company, old.email) is distinct from (new.first_name, new.last_name, new.company, new.email))
  execute function public.refresh_customer_names();

-- ---------------------------------------------------------------------------------------
-- 4 (rules). The estimate rules of 20261122000300, extended: customer_name, sent_to_email,
-- and acceptance by a staff client only with evidence, passing through `sent` when needed.
create or replace function public.estimates_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  totals record;
  entering boolean;
  client boolean := private.is_client_write();
  from_status text;
  locked_columns text[] := array['_txid', '_modified', 'updated_at', 'created_at', 'status', 'archived_at', 'customer_name'];
begin
  if tg_op = 'UPDATE' then
    new.number := old.number;
    new.provisional_number := old.provisional_number;
    if client then
      new.current_version_id := old.current_version_id;
      new.version_number := old.version_number;
      new.accepted_version_id := old.accepted_version_id;
      new.locked_txid := old.locked_txid;
    end if;
  elsif client then
    new.locked_txid := null;
  end if;

  if tg_op = 'INSERT' or new.account_id is distinct from old.account_id or new.prospect_id is distinct from old.prospect_id then
    new.customer_name := private.customer_display_name(new.account_id, new.prospect_id);
  elsif client then
    new.customer_name := old.customer_name;
  end if;

  new.sent_to_email := btrim(coalesce(new.sent_to_email, ''));
  if new.sent_to_email <> '' and (new.sent_to_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or length(new.sent_to_email) > 254) then
    raise exception 'Invalid e-mail address to send the estimate to: %', new.sent_to_email
      using errcode = '23514', detail = 'invalid_email';
  end if;
  new.acceptance_sha256 := lower(btrim(coalesce(new.acceptance_sha256, '')));
  if new.acceptance_sha256 <> '' and new.acceptance_sha256 !~ '^[0-9a-f]{64}$' then
    raise exception 'The acceptance hash must be a SHA-256 in hex (64 characters)'
      using errcode = '23514', detail = 'invalid_acceptance_hash';
  end if;
  if octet_length(new.acceptance_signature) > 204800 then
    raise exception 'The signature is larger than 200 KB' using errcode = '22001', detail = 'signature_too_large';
  end if;
  if length(new.accepted_by_name) > 200 then
    raise exception 'The name of the person accepting is longer than 200 characters' using errcode = '22001', detail = 'value_too_long';
  end if;

  if client and new.status = 'accepted' and (tg_op = 'INSERT' or old.status <> 'accepted') then
    -- Staff record a customer's acceptance only with the customer's evidence; the hash is
    -- compared with the server's snapshot after the row is written (estimates_after_write).
    from_status := case when tg_op = 'INSERT' then 'draft' else old.status end;
    -- Without any evidence, a step that is illegal anyway is reported as such.
    if tg_op = 'UPDATE' and from_status not in ('sent', 'viewed') and new.acceptance_sha256 = ''
       and btrim(new.accepted_by_name) = '' and new.acceptance_signature = '' then
      raise exception 'An estimate cannot go from % to %', from_status, new.status
        using errcode = 'PT422', detail = 'illegal_status_transition', hint = format('from=%s to=%s', from_status, new.status);
    end if;
    if new.acceptance_sha256 = '' or btrim(new.accepted_by_name) = '' or new.acceptance_signature = '' then
      raise exception 'Accepting an estimate needs the customer''s typed name, signature and the hash of the version they saw'
        using errcode = 'PT422', detail = 'acceptance_evidence_required';
    end if;
    if from_status not in ('sent', 'viewed') then
      -- Accepted on the spot: the estimate is sent on the way (draft → sent → accepted).
      if not private.is_legal_estimate_transition(from_status, 'sent') then
        raise exception 'An estimate cannot go from % to %', from_status, new.status
          using errcode = 'PT422', detail = 'illegal_status_transition', hint = format('from=%s to=%s', from_status, new.status);
      end if;
      new.sent_at := now();
    end if;
    -- The device's clock says when the customer signed; never a moment in the future.
    if new.accepted_at is null or new.accepted_at > now() + interval '5 minutes' then
      new.accepted_at := now();
    end if;
    -- Where the acceptance came from is the address the server saw, never the device's word.
    new.acceptance_ip := private.request_ip();
  elsif tg_op = 'UPDATE' and new.status is distinct from old.status and not private.is_legal_estimate_transition(old.status, new.status) then
    raise exception 'An estimate cannot go from % to %', old.status, new.status
      using errcode = 'PT422', detail = 'illegal_status_transition',
            hint = format('from=%s to=%s', old.status, new.status);
  end if;

  select * into totals from private.compute_totals(new.id, new.discount_cents, new.tax_rate);
  new.subtotal_cents := totals.subtotal_cents;
  new.applied_discount_cents := totals.applied_discount_cents;
  new.tax_cents := totals.tax_cents;
  new.total_cents := totals.total_cents;
  new.cost_cents := totals.cost_cents;
  new.margin_cents := totals.margin_cents;
  new.margin_percent := totals.margin_percent;

  if tg_op = 'UPDATE' and client and old.status in ('accepted', 'declined')
     and old.locked_txid is distinct from pg_current_xact_id()
     and (to_jsonb(new) - locked_columns) is distinct from (to_jsonb(old) - locked_columns) then
    raise exception 'Estimate % is %: create a new revision to change it', old.number, old.status
      using errcode = 'PT423', detail = 'estimate_locked';
  end if;

  entering := tg_op = 'INSERT' or new.status is distinct from old.status;
  if entering then
    case new.status
      when 'sent' then
        if tg_op = 'INSERT' or new.sent_at is not distinct from old.sent_at then
          new.sent_at := case when tg_op = 'INSERT' then coalesce(new.sent_at, now()) else now() end;
        end if;
      when 'viewed' then new.viewed_at := coalesce(new.viewed_at, now());
      when 'accepted' then
        new.accepted_at := coalesce(new.accepted_at, now());
        new.locked_txid := pg_current_xact_id();
      when 'declined' then
        new.declined_at := coalesce(new.declined_at, now());
        new.locked_txid := pg_current_xact_id();
      when 'expired' then new.expired_at := coalesce(new.expired_at, now());
      when 'archived' then new.archived_at := coalesce(new.archived_at, now());
      else null;
    end case;
  end if;
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 3. Customer estimate links

-- Server-only. An estimate may have several active links: the one each send mails, and
-- any staff issue to share another way ("Copy link" adds one and leaves the mailed one
-- working); staff revoke one link, or rotate (revoke all, issue one). A link expires 90
-- days after it is issued, whatever the estimate's valid_until: an expired estimate stays
-- readable for the customer (it shows as expired). Views are counted per link (openings of
-- the customer page, not its polling) and on the estimate (view_count, last_viewed_at).
create table if not exists public.estimate_links (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  estimate_id uuid not null,
  token_hash text not null unique,
  -- How the link reached the customer: mailed by a send, or issued to share by hand.
  channel text not null default 'email' check (channel in ('email', 'link')),
  sent_to text not null default '',
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '90 days',
  revoked_at timestamptz,
  revoked_by uuid references auth.users (id) on delete set null,
  view_count integer not null default 0,
  first_viewed_at timestamptz,
  last_viewed_at timestamptz,
  foreign key (estimate_id, org_id) references public.estimates (id, org_id) on delete cascade
);
create index if not exists estimate_links_estimate_idx on public.estimate_links (estimate_id, created_at);
alter table public.estimate_links enable row level security;
revoke all on public.estimate_links from anon, authenticated;

-- What PostgREST passed on of the request (lower-case header names), '' when unknown.
create or replace function private.request_header(name text) returns text
language sql stable
set search_path = ''
as $$
  select coalesce(nullif(current_setting('request.headers', true), '')::jsonb ->> lower(name), '')
$$;

-- The client's address, '' when unknown. The local server computes it (the socket's peer,
-- or behind TRUSTED_PROXIES the right-most untrusted X-Forwarded-For hop), removes every
-- address header the client sent and passes its own value as x-forwarded-for. On hosted
-- Supabase the platform's edge sets cf-connecting-ip (a client cannot), so it comes first.
create or replace function private.request_ip() returns text
language sql stable
set search_path = ''
as $$
  select case when candidate ~ '^[0-9A-Fa-f:.]{2,45}$' then lower(candidate) else '' end
  from (select coalesce(nullif(btrim(private.request_header('cf-connecting-ip')), ''),
                        btrim(split_part(private.request_header('x-forwarded-for'), ',', 1))) as candidate) address
$$;

-- Issues one more link to the estimate (the others keep working); returns the raw token,
-- which is kept nowhere.
create or replace function private.issue_estimate_link(p_estimate uuid, p_channel text default 'link', p_sent_to text default '')
returns jsonb
language plpgsql security definer
set search_path = ''
as $$
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
language sql immutable strict
set search_path = ''
as $$
  select case when cents < 0 then '-' else '' end || '$' || to_char(abs(cents) / 100.0, 'FM999,999,999,999,990.00')
$$;

-- The mail of a send: a new link to the estimate, written to the outbox in the caller's
-- transaction (so a send made offline is mailed once it syncs, and never without it).
create or replace function private.mail_estimate_link(p_estimate uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
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
language plpgsql
set search_path = ''
as $$
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

drop trigger if exists c_estimates_after_write on public.estimates;
create trigger c_estimates_after_write after insert or update on public.estimates
  for each row execute function public.estimates_after_write();

-- Staff RPCs: issue one more link (returns the raw token once; the other links keep working)
-- and revoke one link. Listing and rotating are in 20261125000200_customer_estimate.sql.
create or replace function public.issue_estimate_link(p_estimate_id uuid) returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  e record;
begin
  select est.id, est.org_id, est.status, est.sent_at, est._deleted into e from public.estimates est where est.id = p_estimate_id;
  if e.id is null or e._deleted or not private.has_role(e.org_id, array['owner', 'admin', 'sales']) then
    raise exception 'Only sales reps, admins and owners of the estimate''s organization can share its link' using errcode = '42501';
  end if;
  if e.status = 'draft' or e.sent_at is null then
    raise exception 'Send the estimate before sharing its link' using errcode = 'PT409', detail = 'estimate_not_sent';
  end if;
  return private.issue_estimate_link(e.id, 'link', '') ->> 'token';
end
$$;

create or replace function public.revoke_estimate_link(p_link_id uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  link public.estimate_links;
begin
  select * into link from public.estimate_links l where l.id = p_link_id;
  if link.id is null or not private.has_role(link.org_id, array['owner', 'admin', 'sales']) then
    raise exception 'Only sales reps, admins and owners of the estimate''s organization can revoke its links' using errcode = '42501';
  end if;
  update public.estimate_links l set revoked_at = now(), revoked_by = auth.uid() where l.id = link.id and l.revoked_at is null;
end
$$;

-- The customer page opens an estimate. Unknown, malformed, expired and revoked tokens (and
-- links to deleted estimates) all get null, counted as failed lookups of the caller's
-- address (private.estimate_link_for); a valid token is logged in access_logs (time, IP,
-- user agent) and returns only what the customer may see (private.customer_estimate). An
-- opening by anyone but a member of the estimate's organization counts as a view: on the
-- link and on the estimate, and the first view of a sent estimate marks it viewed. The page
-- then polls estimate_link_updates, which counts nothing.
create or replace function public.estimate_by_link_token(p_token text) returns jsonb
language plpgsql volatile security definer
set search_path = ''
set timezone = 'UTC'
as $$
declare
  link public.estimate_links;
  e public.estimates;
begin
  link := private.estimate_link_for(p_token);
  if link.id is null then
    return null;
  end if;
  perform private.snapshot_estimate_version(link.estimate_id);
  select * into e from public.estimates est where est.id = link.estimate_id for update;
  insert into public.access_logs (org_id, token_kind, estimate_id, outcome, ip_address, user_agent)
    values (link.org_id, 'estimate', link.estimate_id, 'ok', private.request_ip(), left(private.request_header('user-agent'), 500));
  if not private.is_member(e.org_id) then
    update public.estimate_links l
      set view_count = l.view_count + 1, first_viewed_at = coalesce(l.first_viewed_at, now()), last_viewed_at = now()
      where l.id = link.id;
    update public.estimates est
      set view_count = est.view_count + 1, last_viewed_at = now(),
          status = case when est.status = 'sent' then 'viewed' else est.status end
      where est.id = e.id;
  end if;
  return private.customer_estimate(e.id, true);
end
$$;

revoke execute on function public.issue_estimate_link(uuid), public.revoke_estimate_link(uuid) from public, anon;
grant execute on function public.issue_estimate_link(uuid), public.revoke_estimate_link(uuid) to authenticated;
revoke execute on function public.estimate_by_link_token(text) from public;
grant execute on function public.estimate_by_link_token(text) to anon, authenticated;

-- Backfill customer names. Only the name changes, so no version is due: the version
-- trigger is off for this one statement (no events can be pending while it is altered).
alter table public.estimates disable trigger estimates_version_check;
update public.estimates e set customer_name = private.customer_display_name(e.account_id, e.prospect_id)
  where e.customer_name is distinct from private.customer_display_name(e.account_id, e.prospect_id);
alter table public.estimates enable trigger estimates_version_check;

-- ---------------------------------------------------------------------------------------
-- 4 (sync) and 5. sync_push: field acceptance in two steps, exact answers to retries.

-- One change as the caller; p_check_conflicts false applies it over whatever the row is
-- now (the second step of a field acceptance, whose conflict check the first step made).
create or replace function private.sync_apply_change(change jsonb, p_check_conflicts boolean) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  tbl text := change ->> 'table';
  doc jsonb := change -> 'doc';
  assumed jsonb := change -> 'assumed';
  seq jsonb := change -> 'seq';
  row_id uuid;
  base jsonb;
  existing jsonb;
  visible jsonb;
  writable text[];
  cols text;
  n integer;
  err_code text;
  err_message text;
  err_detail text;
begin
  if tbl is null or not (tbl = any (private.sync_tables())) then
    return jsonb_build_object('seq', seq, 'table', tbl, 'id', doc ->> 'id', 'status', 'rejected',
      'code', '22023', 'reason', 'unknown_table', 'message', 'Unknown sync table');
  end if;
  if jsonb_typeof(doc) is distinct from 'object' or coalesce(doc ->> 'id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return jsonb_build_object('seq', seq, 'table', tbl, 'id', doc ->> 'id', 'status', 'rejected',
      'code', '22023', 'reason', 'invalid_document', 'message', 'A document needs a uuid id');
  end if;
  row_id := (doc ->> 'id')::uuid;
  if jsonb_typeof(assumed) is distinct from 'object' then
    assumed := null;
  end if;

  begin
    select coalesce(array_agg(a.attname::text order by a.attnum), '{}') into writable
    from pg_catalog.pg_attribute a
    where a.attrelid = format('public.%I', tbl)::regclass and a.attnum > 0 and not a.attisdropped
      and a.attname::text <> all (private.sync_server_stamped())
      and doc ? a.attname::text;
    if not ('id' = any (writable)) then
      writable := writable || array['id'];
    end if;

    execute format('select to_jsonb(t) - ''_txid'' - ''locked_txid'' from public.%I t where t.id = $1 for update', tbl)
      into existing using row_id;
    if existing is null then
      execute format('select to_jsonb(t) - ''_txid'' - ''locked_txid'' from public.%I t where t.id = $1', tbl)
        into visible using row_id;
      if visible is not null then
        raise exception 'The caller may not change this row' using errcode = '42501';
      end if;
    end if;

    if existing is not null and p_check_conflicts then
      -- What the device believed the row was: its last known server state, or for a new
      -- document the document itself (a repeated insert of the same content is no conflict).
      execute format('select to_jsonb(jsonb_populate_record(null::public.%I, $1))', tbl)
        into base using coalesce(assumed, doc);
      if exists (
        select 1 from jsonb_object_keys(coalesce(assumed, doc)) k
        where k = any (writable) and (base -> k) is distinct from (existing -> k)
      ) then
        return jsonb_build_object('seq', seq, 'table', tbl, 'id', row_id, 'status', 'conflict',
          'reason', 'changed_on_server', 'server_doc', existing);
      end if;
    end if;

    select string_agg(format('%I', c), ', ') into cols from unnest(writable) c;
    if existing is null then
      execute format('insert into public.%I (%s) select %s from jsonb_populate_record(null::public.%I, $1)', tbl, cols, cols, tbl)
        using doc;
    else
      execute format('update public.%I set (%s) = (select %s from jsonb_populate_record(null::public.%I, $1)) where id = $2', tbl, cols, cols, tbl)
        using doc, row_id;
      get diagnostics n = row_count;
      if n = 0 then
        raise exception 'The caller may not change this row' using errcode = '42501';
      end if;
    end if;

    execute format('select to_jsonb(t) - ''_txid'' - ''locked_txid'' from public.%I t where t.id = $1', tbl)
      into visible using row_id;
    return jsonb_build_object('seq', seq, 'table', tbl, 'id', row_id, 'status', 'applied', 'server_doc', visible);
  exception when others then
    get stacked diagnostics err_code = returned_sqlstate, err_message = message_text, err_detail = pg_exception_detail;
    return jsonb_build_object('seq', seq, 'table', tbl, 'id', row_id, 'status', 'rejected',
      'code', err_code, 'reason', private.sync_reason(err_code, err_detail), 'message', err_message);
  end;
end
$$;

create or replace function private.sync_apply_change(change jsonb) returns jsonb
language sql
set search_path = ''
as $$
  select private.sync_apply_change(change, true)
$$;

-- The columns of a customer's acceptance, withheld from the first step.
create or replace function private.acceptance_columns() returns text[]
language sql immutable
set search_path = ''
as $$
  select array['status', 'acceptance_sha256', 'accepted_by_name', 'acceptance_signature', 'acceptance_signature_method',
               'accepted_at', 'accepted_by_email', 'acceptance_ip', 'acceptance_user_agent']
$$;

-- The first step of an estimate change that newly accepts with evidence: the document
-- without the acceptance, status as the server has it (draft for a new estimate). Null
-- when the change is not such an acceptance.
create or replace function private.sync_acceptance_first_step(change jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  doc jsonb := change -> 'doc';
  server_status text;
begin
  if change ->> 'table' is distinct from 'estimates' or jsonb_typeof(doc) is distinct from 'object'
     or doc ->> 'status' is distinct from 'accepted' or coalesce(doc ->> 'acceptance_sha256', '') = ''
     or coalesce(doc ->> 'id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return null;
  end if;
  select e.status into server_status from public.estimates e where e.id = (doc ->> 'id')::uuid;
  if server_status = 'accepted' then
    return null;
  end if;
  return jsonb_set(change, '{doc}', (doc - private.acceptance_columns()) || jsonb_build_object('status', coalesce(server_status, 'draft')));
end
$$;

-- p_changes: [{seq, table, doc, assumed?}], seq increasing per device. Returns
-- {results: [{seq, table, id, status, reason?, code?, message?, server_doc?, duplicate?}], last_seq}.
-- An estimate change that newly accepts with evidence is applied in two steps: the document
-- without the acceptance in its place, then, after every other change of the batch, the
-- acceptance in its own subtransaction, whose outcome is that change's answer (a refused
-- acceptance is answered rejected, with the row as the first step left it in server_doc).
-- The answers of the last batch are kept whole (server documents included) and a retried
-- batch gets them again, marked duplicate. Only the last batch is kept (a device re-sends
-- only its last unanswered batch), at most 1000 answers and 8 MB of documents.
create or replace function public.sync_push(p_device_id uuid, p_changes jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
set timezone = 'UTC'
as $$
declare
  device public.sync_devices;
  change jsonb;
  first_step jsonb;
  result jsonb;
  results jsonb := '[]'::jsonb;
  retry jsonb := '[]'::jsonb;
  acceptances jsonb := '[]'::jsonb;
  pending jsonb;
  previous jsonb;
  row_doc jsonb;
  seq bigint;
  max_seq bigint;
  kept jsonb;
begin
  if auth.uid() is null then
    raise exception 'Sign in to sync' using errcode = '42501', detail = 'not_signed_in';
  end if;
  if p_device_id is null or jsonb_typeof(p_changes) is distinct from 'array' then
    raise exception 'sync_push needs a device id and an array of changes' using errcode = '22023', detail = 'invalid_batch';
  end if;
  if jsonb_array_length(p_changes) > 1000 then
    raise exception 'At most 1000 changes per batch' using errcode = '22023', detail = 'batch_too_large';
  end if;
  if exists (
    select 1 from jsonb_array_elements(p_changes) c
    where jsonb_typeof(c) is distinct from 'object' or coalesce(c ->> 'seq', '') !~ '^[0-9]{1,18}$'
  ) then
    raise exception 'Every change needs a sequence number' using errcode = '22023', detail = 'invalid_batch';
  end if;

  insert into public.sync_devices (device_id, user_id) values (p_device_id, auth.uid())
    on conflict (device_id) do nothing;
  -- Locks the device row: batches of one device apply one at a time.
  select * into device from public.sync_devices d where d.device_id = p_device_id for update;
  if device.device_id is null then
    raise exception 'This device is registered to another user' using errcode = '42501', detail = 'device_of_other_user';
  end if;

  -- Round 1 takes the batch in order; round 2 the changes whose parent was missing (a
  -- child may come before its parent in the same batch).
  for round in 1..2 loop
    for change in select c from jsonb_array_elements(case when round = 1 then p_changes else retry end) c loop
      seq := (change ->> 'seq')::bigint;
      if round = 1 and seq <= device.last_seq then
        select r into previous from jsonb_array_elements(device.last_results) r where r -> 'seq' = change -> 'seq' limit 1;
        results := results || jsonb_build_array(
          coalesce(previous, jsonb_build_object('seq', seq, 'table', change ->> 'table', 'id', change -> 'doc' ->> 'id', 'status', 'applied'))
          || jsonb_build_object('duplicate', true));
        continue;
      end if;
      first_step := private.sync_acceptance_first_step(change);
      result := private.sync_apply_change(coalesce(first_step, change));
      if round = 1 and result ->> 'code' = '23503' then
        retry := retry || jsonb_build_array(change);
        continue;
      end if;
      if first_step is not null and result ->> 'status' = 'applied' then
        acceptances := acceptances || jsonb_build_array(jsonb_build_object('index', jsonb_array_length(results), 'change', change));
      end if;
      results := results || jsonb_build_array(result);
    end loop;
  end loop;

  -- The acceptances, once every item of the batch has landed.
  for pending in select a from jsonb_array_elements(acceptances) a loop
    result := private.sync_apply_change(pending -> 'change', false);
    if result ->> 'status' = 'rejected' then
      select to_jsonb(e) - '_txid' - 'locked_txid' into row_doc from public.estimates e where e.id = (result ->> 'id')::uuid;
      result := result || jsonb_build_object('server_doc', row_doc);
    end if;
    results := jsonb_set(results, array[pending ->> 'index'], result);
  end loop;

  select max((c ->> 'seq')::bigint) into max_seq from jsonb_array_elements(p_changes) c;
  if coalesce(max_seq, 0) > device.last_seq then
    -- Every answer of this batch, also those to changes it repeated from the one before.
    kept := coalesce((select jsonb_agg(r - 'duplicate') from jsonb_array_elements(results) r), '[]'::jsonb);
    -- A bound for batches of very large rows: past 8 MB the documents are dropped and a
    -- retry is answered with the outcomes only (the device then pulls the rows).
    if octet_length(kept::text) > 8388608 then
      kept := (select jsonb_agg(r - 'server_doc') from jsonb_array_elements(kept) r);
    end if;
  end if;
  update public.sync_devices d
    set last_seq = greatest(d.last_seq, coalesce(max_seq, 0)),
        last_results = case when coalesce(max_seq, 0) > d.last_seq then kept else d.last_results end,
        updated_at = now()
    where d.device_id = p_device_id
    returning * into device;

  return jsonb_build_object('results', results, 'last_seq', device.last_seq);
end
$$;

revoke execute on function public.sync_push(uuid, jsonb) from public, anon;
grant execute on function public.sync_push(uuid, jsonb) to authenticated;
