-- The customer's side of an estimate (the estimate link page) and the public request form.
--
-- 1. The customer's activity and decision on an estimate, kept by the server (the columns
--    are in 20261122000300_estimates.sql): views
--    (view_count, last_viewed_at; viewed_at stays the first view), how an acceptance was
--    signed (acceptance_signature_method: drawn or typed, also on field acceptances), the
--    version the customer reviewed when they chose optional items
--    (acceptance_reviewed_version_id), and a change request (changes_request,
--    changes_requested_at).
-- 2. Token RPCs of the customer page, all SECURITY DEFINER and all starting with
--    private.estimate_link_for (rate limit, format check, one answer for every bad token):
--      estimate_by_link_token opens the page (estimate_link_page and
--      record_estimate_link_view: the server's first render, then the view);
--      estimate_link_updates is what the page polls (comments, status; counts no view);
--      accept_estimate_by_link, decline_estimate_by_link, request_estimate_changes_by_link
--      and comment_on_estimate_by_link act, each once per idempotency key made by the page.
--    They return private.customer_estimate: customer-safe fields only (no cost, unit cost,
--    margin, internal comments, internal notes or staff e-mail addresses).
-- 3. Staff RPCs over an estimate's links: list_estimate_links and rotate_estimate_links
--    (issue_estimate_link and revoke_estimate_link are in 20261122001000_send_and_accept.sql).
-- 4. The public request form: organizations' request_slug, submit_estimate_request (files a
--    request and a prospect, mails a confirmation through the outbox, rate-limited per
--    address, a honeypot), and request_form_organization for the page's heading.
--
-- Reason keys (the `detail` of the errors):
--   idempotency_key_required  22023  an action without its key
--   idempotency_key_reused    22023  the key of another action or estimate
--   estimate_updated          PT409  the customer acts on a version that is no longer current
--   estimate_accepted         PT409  already accepted
--   estimate_declined         PT409  already declined
--   changes_already_requested PT409  the customer already asked for changes
--   estimate_withdrawn        PT409  archived by staff
--   estimate_expired          PT409  past its valid_until (ask for an updated estimate instead)
--   name_required, name_too_long (22023, 22001), signature_required, invalid_signature,
--   invalid_signature_method (22023), signature_too_large (22001), terms_not_agreed,
--   invalid_selection, reason_required, message_required, comment_required (22023),
--   reason_too_long, message_too_long, comment_too_long (22001)
--   invalid_request_slug      23514  a request slug that is not lower-case words joined by '-'
--   invalid_request           22023  a request form field (the hint names the field)

-- ---------------------------------------------------------------------------------------
-- 1. The customer's activity and decision on the estimate

-- Columns only the customer's RPCs write; a staff client keeps what the server has. A field
-- acceptance from a device that does not send the method (app versions before it) was drawn.
create or replace function public.estimates_customer_columns() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not private.is_client_write() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.view_count := 0;
    new.last_viewed_at := null;
    new.acceptance_reviewed_version_id := null;
    new.changes_request := '';
    new.changes_requested_at := null;
  else
    new.view_count := old.view_count;
    new.last_viewed_at := old.last_viewed_at;
    new.acceptance_reviewed_version_id := old.acceptance_reviewed_version_id;
    new.changes_request := old.changes_request;
    new.changes_requested_at := old.changes_requested_at;
  end if;
  new.acceptance_signature_method := coalesce(new.acceptance_signature_method, '');
  if new.acceptance_signature = '' then
    new.acceptance_signature_method := '';
  elsif new.status = 'accepted' and (tg_op = 'INSERT' or old.status <> 'accepted') and new.acceptance_signature_method = '' then
    new.acceptance_signature_method := 'drawn';
  end if;
  return new;
end
$$;
create trigger a_estimates_customer_columns before insert or update on public.estimates for each row execute function public.estimates_customer_columns();

-- ---------------------------------------------------------------------------------------
-- 2. The customer page

-- Server-only: one row per action a customer took through a link, keyed by the idempotency
-- key the page made for it, so a retried call (a dropped connection, a double click) is
-- answered again and never applied twice.
create table public.estimate_link_actions (
  key uuid primary key,
  org_id uuid not null references public.organizations (id) on delete cascade,
  estimate_id uuid not null,
  link_id uuid references public.estimate_links (id) on delete set null,
  action text not null check (action in ('accept', 'decline', 'request_changes', 'comment')),
  ip_address text not null default '',
  user_agent text not null default '',
  created_at timestamptz not null default now(),
  foreign key (estimate_id, org_id) references public.estimates (id, org_id) on delete cascade
);
create index estimate_link_actions_estimate_idx on public.estimate_link_actions (estimate_id);
alter table public.estimate_link_actions enable row level security;
revoke all on public.estimate_link_actions from anon, authenticated;

-- The valid link of a token, or null. Every token RPC starts here: the per-address guard
-- against guessing (429 after 20 failed lookups in 10 minutes), a format check before the
-- token reaches a statement, and one failed lookup counted for any bad token (unknown,
-- malformed, expired, revoked, or its estimate deleted) without telling which.
create or replace function private.estimate_link_for(p_token text) returns public.estimate_links
language plpgsql security definer set search_path = '' as $$
declare
  link public.estimate_links;
begin
  perform private.guard_token_lookup();
  if p_token is not null and p_token ~ '^[A-Za-z0-9_-]{32,128}$' then
    select l.* into link
      from public.estimate_links l
      join public.estimates e on e.id = l.estimate_id
      where l.token_hash = private.token_hash(p_token)
        and l.revoked_at is null and l.expires_at > now() and not e._deleted and e.current_version_id is not null;
  end if;
  if link.id is null then
    perform private.record_failed_token_lookup();
    return null;
  end if;
  return link;
end
$$;

-- Whether the customer may still decide: sent or viewed, and not past its validity.
create or replace function private.estimate_expired(e public.estimates) returns boolean
language sql stable set search_path = '' set timezone = 'UTC' as $$
  select e.status = 'expired' or (e.status in ('sent', 'viewed') and coalesce(e.valid_until < current_date, false))
$$;

-- What the customer page shows, and nothing else: the organization's branding and contact
-- details (no staff e-mail), the estimate's number, title, status and dates, the current
-- version (its canonical snapshot has no cost or margin), the customer-visible timeline,
-- the thread without internal comments, and the decision taken. The snapshot is left out
-- when the caller already has it (p_with_snapshot false).
create or replace function private.customer_estimate(p_estimate uuid, p_with_snapshot boolean) returns jsonb
language plpgsql stable security definer set search_path = '' set timezone = 'UTC' as $$
declare
  e public.estimates;
  v public.estimate_versions;
  accepted public.estimate_versions;
  org public.organizations;
  expired boolean;
  decision jsonb;
begin
  select * into e from public.estimates est where est.id = p_estimate;
  select * into v from public.estimate_versions ver where ver.id = e.current_version_id;
  select * into org from public.organizations o where o.id = e.org_id;
  expired := private.estimate_expired(e);
  decision := case
    when e.status = 'accepted' then (
      select jsonb_build_object(
        'kind', 'accepted', 'at', e.accepted_at, 'name', e.accepted_by_name, 'signature', e.acceptance_signature,
        'signature_method', coalesce(nullif(e.acceptance_signature_method, ''), 'drawn'), 'sha256', e.acceptance_sha256,
        'version_id', av.id, 'version_number', av.version_number,
        'total_cents', (av.snapshot::jsonb -> 'estimate' ->> 'total_cents')::bigint)
      from (select ver.id, ver.version_number, ver.snapshot from public.estimate_versions ver
            where ver.id = coalesce(e.accepted_version_id, e.current_version_id)) av)
    when e.status = 'declined' then jsonb_build_object('kind', 'declined', 'at', e.declined_at, 'reason', e.decline_reason)
    when e.status = 'changes_requested' then
      jsonb_build_object('kind', 'changes_requested', 'at', e.changes_requested_at, 'message', e.changes_request)
    when expired and e.changes_requested_at is not null and e.changes_requested_at >= coalesce(e.sent_at, '-infinity'::timestamptz) then
      jsonb_build_object('kind', 'update_requested', 'at', e.changes_requested_at, 'message', e.changes_request)
  end;
  return jsonb_build_object(
    'estimate_id', e.id,
    'number', e.number,
    'title', e.title,
    'customer_name', e.customer_name,
    'status', case when expired then 'expired' else e.status end,
    'can_act', e.status in ('sent', 'viewed') and not expired,
    'sent_at', e.sent_at,
    'valid_until', e.valid_until,
    'organization', jsonb_build_object('name', org.name, 'logo', org.logo, 'brand_color', org.brand_color,
                                       'address', org.address, 'phone', org.phone),
    'version', jsonb_build_object('id', v.id, 'version_number', v.version_number, 'sha256', v.snapshot_sha256, 'created_at', v.created_at),
    'snapshot', case when p_with_snapshot then v.snapshot::jsonb end,
    'milestones', coalesce((
      select jsonb_agg(jsonb_build_object('id', m.id, 'title', m.title, 'description', m.description,
                                          'start_date', m.start_date, 'end_date', m.end_date, 'status', m.status)
                       order by m.sort_order, m.start_date nulls last, m.id)
      from public.milestones m where m.estimate_id = e.id and m.visible_to_customer and not m._deleted), '[]'::jsonb),
    'comments', coalesce((
      select jsonb_agg(jsonb_build_object('id', c.id, 'author_kind', c.author_kind, 'author_name', c.author_name,
                                          'body', c.body, 'created_at', c.created_at) order by c.created_at, c.id)
      from (select * from public.comments c0
            where c0.estimate_id = e.id and not c0.internal and not c0._deleted
            order by c0.created_at desc, c0.id desc limit 500) c), '[]'::jsonb),
    'decision', decision
  );
end
$$;

-- What the page polls while it is visible (comments from staff within seconds, a decision
-- taken elsewhere, a new version): counts no view and logs nothing but bad tokens. The
-- snapshot comes along only when the caller's version is not the current one.
create or replace function public.estimate_link_updates(p_token text, p_version_id uuid default null) returns jsonb
language plpgsql volatile security definer set search_path = '' set timezone = 'UTC' as $$
declare
  link public.estimate_links := private.estimate_link_for(p_token);
  current_version uuid;
begin
  if link.id is null then
    return null;
  end if;
  select e.current_version_id into current_version from public.estimates e where e.id = link.estimate_id;
  return private.customer_estimate(link.estimate_id, p_version_id is distinct from current_version);
end
$$;

-- The customer page opens an estimate. Unknown, malformed, expired and revoked tokens (and
-- links to deleted estimates) all get null, counted as failed lookups of the caller's
-- address (private.estimate_link_for); a valid token is logged in access_logs (time, IP,
-- user agent) and returns only what the customer may see (private.customer_estimate). The
-- page then polls estimate_link_updates, which counts nothing.
--
-- The link page is rendered by the server (issue 12: the customer sees the estimate without
-- waiting for the page's script), so the HTML request itself reads the estimate. An e-mail
-- scanner or a link preview fetches that HTML too, and a sales rep must not see "Viewed"
-- because of one: the server's read (estimate_link_page) logs the opening but counts no view;
-- the page's script, once it runs in the customer's browser, counts it
-- (record_estimate_link_view). estimate_by_link_token (the in-app route, the portals) opens
-- and counts at once.

-- A view by anyone but a member of the estimate's organization: on the link and on the
-- estimate; the first view of a sent estimate marks it viewed.
create or replace function private.count_estimate_link_view(link public.estimate_links, e public.estimates) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if private.is_member(e.org_id) then
    return;
  end if;
  update public.estimate_links l
    set view_count = l.view_count + 1, first_viewed_at = coalesce(l.first_viewed_at, now()), last_viewed_at = now()
    where l.id = link.id;
  update public.estimates est
    set view_count = est.view_count + 1, last_viewed_at = now(),
        status = case when est.status = 'sent' then 'viewed' else est.status end
    where est.id = e.id;
end
$$;

-- Opens the link's estimate: snapshot, log, the view counted when p_count_view.
create or replace function private.open_estimate_link(p_token text, p_count_view boolean) returns jsonb
language plpgsql volatile security definer set search_path = '' set timezone = 'UTC' as $$
declare
  link public.estimate_links := private.estimate_link_for(p_token);
  e public.estimates;
begin
  if link.id is null then
    return null;
  end if;
  perform private.snapshot_estimate_version(link.estimate_id);
  select * into e from public.estimates est where est.id = link.estimate_id for update;
  insert into public.access_logs (org_id, token_kind, estimate_id, outcome, ip_address, user_agent)
    values (link.org_id, 'estimate', link.estimate_id, 'ok', private.request_ip(), left(private.request_header('user-agent'), 500));
  if p_count_view then
    perform private.count_estimate_link_view(link, e);
  end if;
  return private.customer_estimate(e.id, true);
end
$$;

create or replace function public.estimate_by_link_token(p_token text) returns jsonb
language sql volatile security definer set search_path = '' as $$
  select private.open_estimate_link(p_token, true)
$$;

-- The server's read for the page's first render: the same answer, logged, no view counted.
create or replace function public.estimate_link_page(p_token text) returns jsonb
language sql volatile security definer set search_path = '' as $$
  select private.open_estimate_link(p_token, false)
$$;

-- The page's script counts the view the server's read did not. False for a token that does
-- not open (counted as a failed lookup, like any other).
create or replace function public.record_estimate_link_view(p_token text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  link public.estimate_links := private.estimate_link_for(p_token);
  e public.estimates;
begin
  if link.id is null then
    return false;
  end if;
  select * into e from public.estimates est where est.id = link.estimate_id for update;
  perform private.count_estimate_link_view(link, e);
  return true;
end
$$;

revoke execute on function private.open_estimate_link(text, boolean), private.count_estimate_link_view(public.estimate_links, public.estimates)
  from public, anon, authenticated;
revoke execute on function public.estimate_by_link_token(text), public.estimate_link_page(text), public.record_estimate_link_view(text)
  from public;
grant execute on function public.estimate_by_link_token(text), public.estimate_link_page(text), public.record_estimate_link_view(text)
  to anon, authenticated;

-- Claims an idempotency key for an action on the link's estimate: true when the action is
-- new, false when this key already did it (the caller answers with the estimate as it is).
-- A concurrent call with the same key waits here for the first one to commit or roll back.
create or replace function private.claim_link_action(p_key uuid, p_link public.estimate_links, p_action text) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  claimed uuid;
  earlier public.estimate_link_actions;
begin
  if p_key is null then
    raise exception 'Every action needs an idempotency key' using errcode = '22023', detail = 'idempotency_key_required';
  end if;
  insert into public.estimate_link_actions (key, org_id, estimate_id, link_id, action, ip_address, user_agent)
    values (p_key, p_link.org_id, p_link.estimate_id, p_link.id, p_action, private.request_ip(), left(private.request_header('user-agent'), 500))
    on conflict (key) do nothing
    returning key into claimed;
  if claimed is not null then
    -- Actions are limited per address too (only new ones: a retry is never refused).
    perform private.take_hit('estimate_link_action', 30, interval '10 minutes',
      'Too many messages from this connection. Please wait a few minutes and try again.');
    return true;
  end if;
  select * into earlier from public.estimate_link_actions a where a.key = p_key;
  if earlier.estimate_id is distinct from p_link.estimate_id or earlier.action is distinct from p_action then
    raise exception 'This idempotency key belongs to another action' using errcode = '22023', detail = 'idempotency_key_reused';
  end if;
  return false;
end
$$;

-- Raises unless the customer may decide on the estimate, on the version they reviewed.
-- p_allow_expired: asking for an updated estimate is what an expired one offers.
create or replace function private.check_decision_open(e public.estimates, p_version_id uuid, p_allow_expired boolean default false) returns void
language plpgsql stable set search_path = '' set timezone = 'UTC' as $$
begin
  case e.status
    when 'accepted' then
      raise exception 'This estimate was already accepted on %', to_char(e.accepted_at, 'FMMonth FMDD, YYYY')
        using errcode = 'PT409', detail = 'estimate_accepted';
    when 'declined' then
      raise exception 'This estimate was declined on %', to_char(e.declined_at, 'FMMonth FMDD, YYYY')
        using errcode = 'PT409', detail = 'estimate_declined';
    when 'changes_requested' then
      raise exception 'You asked for changes to this estimate; an updated version will follow'
        using errcode = 'PT409', detail = 'changes_already_requested';
    when 'archived' then
      raise exception 'This estimate was withdrawn' using errcode = 'PT409', detail = 'estimate_withdrawn';
    else null;
  end case;
  if private.estimate_expired(e) and not p_allow_expired then
    raise exception 'This estimate expired on %; ask for an updated estimate', to_char(e.valid_until, 'FMMonth FMDD, YYYY')
      using errcode = 'PT409', detail = 'estimate_expired';
  end if;
  if e.status not in ('sent', 'viewed', 'expired') or p_version_id is distinct from e.current_version_id then
    raise exception 'This estimate was updated — please review the new version'
      using errcode = 'PT409', detail = 'estimate_updated';
  end if;
end
$$;

-- How a customer's decision through a link starts: the link of the token, its estimate locked,
-- the action's key claimed and the decision still open on the version they reviewed. `done`
-- says the caller answers `answer` at once: null for a bad token (the same for every bad
-- one, see private.estimate_link_for), the estimate as it is for a key that already acted.
create or replace function private.start_link_decision(
  p_token text, p_key uuid, p_action text, p_version_id uuid, p_allow_expired boolean,
  out link public.estimate_links, out e public.estimates, out done boolean, out answer jsonb
)
language plpgsql security definer set search_path = '' set timezone = 'UTC' as $$
begin
  done := true;
  link := private.estimate_link_for(p_token);
  if link.id is null then
    return;
  end if;
  select * into e from public.estimates est where est.id = link.estimate_id for update;
  if not private.claim_link_action(p_key, link, p_action) then
    answer := private.customer_estimate(e.id, true);
    return;
  end if;
  perform private.check_decision_open(e, p_version_id, p_allow_expired);
  done := false;
end
$$;

-- Trimmed text with runs of white space made one space (names, one-line answers).
create or replace function private.tidy_line(value text) returns text
language sql immutable set search_path = '' as $$
  select btrim(regexp_replace(coalesce(value, ''), '[[:space:]]+', ' ', 'g'))
$$;

create or replace function private.required_text(value text, max_length integer, field text, what text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  tidy text := btrim(coalesce(value, ''));
begin
  if tidy = '' then
    raise exception 'Enter %', what using errcode = '22023', detail = field || '_required';
  end if;
  if length(tidy) > max_length then
    raise exception 'The % is too long (at most % characters)', field, max_length using errcode = '22001', detail = field || '_too_long';
  end if;
  return tidy;
end
$$;

-- Accepting: the typed full name, a signature (drawn, or typed: the name rendered as the
-- signature, chosen explicitly), agreement to the terms, bound to the version the customer
-- reviewed (p_version_id) and their choice of optional items (p_selected_item_ids: the
-- optional items they want; null keeps the sent choice). A choice that differs from the
-- sent one is applied to the items and recorded as a new version, so acceptance_sha256 is
-- the hash of exactly what was accepted (the canonical snapshot a device can verify) and
-- acceptance_reviewed_version_id the version the customer reviewed. Records the time, the
-- caller's address and user agent. Null for a bad token.
create or replace function public.accept_estimate_by_link(
  p_token text, p_key uuid, p_version_id uuid, p_name text, p_signature text, p_signature_method text,
  p_agreed boolean, p_selected_item_ids uuid[] default null
) returns jsonb
language plpgsql volatile security definer set search_path = '' set timezone = 'UTC' as $$
declare
  start record := private.start_link_decision(p_token, p_key, 'accept', p_version_id, false);
  link public.estimate_links := start.link;
  e public.estimates := start.e;
  name text;
  accepted_hash text;
begin
  if start.done then
    return start.answer;
  end if;

  name := private.required_text(private.tidy_line(p_name), 200, 'name', 'your full name');
  if p_signature_method is null or p_signature_method not in ('drawn', 'typed') then
    raise exception 'Choose how to sign: draw or type' using errcode = '22023', detail = 'invalid_signature_method';
  end if;
  if coalesce(p_signature, '') = '' then
    raise exception 'Sign to accept' using errcode = '22023', detail = 'signature_required';
  end if;
  if octet_length(p_signature) > 204800 then
    raise exception 'The signature is larger than 200 KB' using errcode = '22001', detail = 'signature_too_large';
  end if;
  -- The SVG data URLs of src/lib/signature.ts: a drawn one has at least one stroke, a typed one a text.
  if p_signature not like 'data:image/svg+xml,%'
     or (p_signature_method = 'drawn' and p_signature !~ 'd=''M-?[0-9]+,-?[0-9]+l')
     or (p_signature_method = 'typed' and position('%3Ctext' in p_signature) = 0) then
    raise exception 'The signature could not be read; please sign again' using errcode = '22023', detail = 'invalid_signature';
  end if;
  if p_agreed is not true then
    raise exception 'Agree to the terms to accept' using errcode = '22023', detail = 'terms_not_agreed';
  end if;
  if p_selected_item_ids is not null and (
       cardinality(p_selected_item_ids) > 1000
       or exists (
         select 1 from unnest(p_selected_item_ids) s(id)
         where not exists (select 1 from public.estimate_items i where i.id = s.id and i.estimate_id = e.id and i.optional and not i._deleted))) then
    raise exception 'The choice of optional items does not match this estimate' using errcode = '22023', detail = 'invalid_selection';
  end if;

  if p_selected_item_ids is not null then
    update public.estimate_items i set selected = (i.id = any (p_selected_item_ids))
      where i.estimate_id = e.id and i.optional and not i._deleted and i.selected is distinct from (i.id = any (p_selected_item_ids));
    perform private.snapshot_estimate_version(e.id);
    select * into e from public.estimates est where est.id = e.id;
  end if;
  select v.snapshot_sha256 into accepted_hash from public.estimate_versions v where v.id = e.current_version_id;
  update public.estimates est
    set status = 'accepted',
        accepted_at = now(),
        accepted_by_name = name,
        accepted_by_email = case when link.channel = 'email' then link.sent_to else '' end,
        acceptance_signature = p_signature,
        acceptance_signature_method = p_signature_method,
        acceptance_sha256 = accepted_hash,
        accepted_version_id = e.current_version_id,
        acceptance_reviewed_version_id = p_version_id,
        acceptance_ip = private.request_ip(),
        acceptance_user_agent = left(private.request_header('user-agent'), 500)
    where est.id = e.id;
  return private.customer_estimate(e.id, true);
end
$$;

create or replace function public.decline_estimate_by_link(p_token text, p_key uuid, p_version_id uuid, p_reason text) returns jsonb
language plpgsql volatile security definer set search_path = '' set timezone = 'UTC' as $$
declare
  start record := private.start_link_decision(p_token, p_key, 'decline', p_version_id, false);
  e public.estimates := start.e;
  reason text;
begin
  if start.done then
    return start.answer;
  end if;
  reason := private.required_text(p_reason, 2000, 'reason', 'a reason for declining');
  update public.estimates est set status = 'declined', declined_at = now(), decline_reason = reason where est.id = e.id;
  return private.customer_estimate(e.id, true);
end
$$;

-- Asking for changes: the estimate goes to changes_requested with the message. On an
-- expired estimate this is "ask for an updated estimate": the message is recorded and the
-- status stays expired (staff revise and send again).
create or replace function public.request_estimate_changes_by_link(p_token text, p_key uuid, p_version_id uuid, p_message text) returns jsonb
language plpgsql volatile security definer set search_path = '' set timezone = 'UTC' as $$
declare
  start record := private.start_link_decision(p_token, p_key, 'request_changes', p_version_id, true);
  e public.estimates := start.e;
  message text;
begin
  if start.done then
    return start.answer;
  end if;
  if private.estimate_expired(e) and e.changes_requested_at >= coalesce(e.sent_at, '-infinity'::timestamptz) then
    raise exception 'You already asked for an updated estimate' using errcode = 'PT409', detail = 'changes_already_requested';
  end if;
  message := private.required_text(p_message, 2000, 'message', 'what you would like changed');
  update public.estimates est
    set status = case when private.estimate_expired(e) then est.status else 'changes_requested' end,
        changes_request = message,
        changes_requested_at = now()
    where est.id = e.id;
  return private.customer_estimate(e.id, true);
end
$$;

-- A customer comment, signed with the name they type; open whatever the estimate's status.
create or replace function public.comment_on_estimate_by_link(p_token text, p_key uuid, p_name text, p_body text) returns jsonb
language plpgsql volatile security definer set search_path = '' set timezone = 'UTC' as $$
declare
  link public.estimate_links := private.estimate_link_for(p_token);
  name text;
  body text;
begin
  if link.id is null then
    return null;
  end if;
  if not private.claim_link_action(p_key, link, 'comment') then
    return private.customer_estimate(link.estimate_id, false);
  end if;
  name := private.required_text(private.tidy_line(p_name), 200, 'name', 'your name');
  body := private.required_text(p_body, 2000, 'comment', 'a comment');
  insert into public.comments (id, org_id, estimate_id, author_kind, author_name, body, internal)
    values (p_key, link.org_id, link.estimate_id, 'customer', name, body, false);
  return private.customer_estimate(link.estimate_id, false);
end
$$;

revoke execute on function
  public.estimate_link_updates(text, uuid),
  public.accept_estimate_by_link(text, uuid, uuid, text, text, text, boolean, uuid[]),
  public.decline_estimate_by_link(text, uuid, uuid, text),
  public.request_estimate_changes_by_link(text, uuid, uuid, text),
  public.comment_on_estimate_by_link(text, uuid, text, text)
  from public;
grant execute on function
  public.estimate_link_updates(text, uuid),
  public.accept_estimate_by_link(text, uuid, uuid, text, text, text, boolean, uuid[]),
  public.decline_estimate_by_link(text, uuid, uuid, text),
  public.request_estimate_changes_by_link(text, uuid, uuid, text),
  public.comment_on_estimate_by_link(text, uuid, text, text)
  to anon, authenticated;
revoke execute on function private.estimate_link_for(text), private.customer_estimate(uuid, boolean),
  private.claim_link_action(uuid, public.estimate_links, text),
  private.start_link_decision(text, uuid, text, uuid, boolean) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- 3. Staff over an estimate's links

-- The active (unrevoked) links of an estimate, newest first: who created each and when, how
-- it was sent, its views, as {links: [...]}. Any member may look; the raw tokens are kept
-- nowhere. (An object, not a bare array: the local REST layer unwraps a one-value array
-- answer of a function that returns no set.)
create or replace function public.list_estimate_links(p_estimate_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  e record;
begin
  select est.id, est.org_id into e from public.estimates est where est.id = p_estimate_id;
  if e.id is null or not private.is_member(e.org_id) then
    raise exception 'Only members of the estimate''s organization can see its links' using errcode = '42501';
  end if;
  return jsonb_build_object('links', coalesce((
    select jsonb_agg(jsonb_build_object(
      'id', l.id, 'created_at', l.created_at, 'created_by', l.created_by,
      'created_by_name', coalesce(nullif(btrim(p.first_name || ' ' || p.last_name), ''), ''),
      'channel', l.channel, 'sent_to', l.sent_to, 'expires_at', l.expires_at, 'expired', l.expires_at <= now(),
      'view_count', l.view_count, 'first_viewed_at', l.first_viewed_at, 'last_viewed_at', l.last_viewed_at)
      order by l.created_at desc, l.id)
    from public.estimate_links l
    left join public.profiles p on p.user_id = l.created_by and p.org_id = l.org_id
    where l.estimate_id = e.id and l.revoked_at is null), '[]'::jsonb));
end
$$;

-- Rotate: every active link stops working and one new link is issued (its raw token returned once).
create or replace function public.rotate_estimate_links(p_estimate_id uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  target uuid := private.estimate_to_share(p_estimate_id, 'rotate its links');
begin
  update public.estimate_links l set revoked_at = now(), revoked_by = auth.uid() where l.estimate_id = target and l.revoked_at is null;
  return private.issue_estimate_link(target, 'link', '') ->> 'token';
end
$$;

revoke execute on function public.list_estimate_links(uuid), public.rotate_estimate_links(uuid) from public, anon;
grant execute on function public.list_estimate_links(uuid), public.rotate_estimate_links(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------
-- 4. The public request form

-- Lower-case ASCII words joined by '-', at most 40 characters; '' when nothing is left.
create or replace function private.slugify(value text) returns text
language sql immutable set search_path = '' as $$
  select btrim(left(btrim(regexp_replace(lower(coalesce(value, '')), '[^a-z0-9]+', '-', 'g'), '-'), 40), '-')
$$;

-- A free slug for an organization named p_name: the name's slug, with a short random
-- suffix when it is taken or too short. Two organizations of the same name created at the
-- same moment (two people signing up as "Sam Seller") would both see the slug free and the
-- second insert would fail on the unique slug: a transaction-level advisory lock per slug
-- base makes the second wait until the first commits; the check then runs with a new
-- snapshot, sees the committed slug and takes a suffix.
create or replace function private.new_request_slug(p_name text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  base text := private.slugify(p_name);
  candidate text := base;
begin
  if length(base) < 3 then
    base := 'org' || case when base = '' then '' else '-' || base end;
    candidate := base || '-' || substr(encode(extensions.gen_random_bytes(3), 'hex'), 1, 5);
  end if;
  perform pg_advisory_xact_lock(hashtextextended('request_slug:' || base, 0));
  while exists (select 1 from public.organizations o where o.request_slug = candidate) loop
    candidate := base || '-' || substr(encode(extensions.gen_random_bytes(3), 'hex'), 1, 5);
  end loop;
  return candidate;
end
$$;

-- Every organization has a public request slug (organizations.request_slug); owners and
-- admins may change it; an empty one is made again from the name.
create or replace function public.organizations_request_slug() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.request_slug := lower(btrim(coalesce(new.request_slug, '')));
  if new.request_slug = '' then
    new.request_slug := private.new_request_slug(new.name);
  elsif new.request_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or length(new.request_slug) not between 3 and 60 then
    raise exception 'A request link name has 3 to 60 lower-case letters, digits and single hyphens'
      using errcode = '23514', detail = 'invalid_request_slug';
  end if;
  return new;
end
$$;
create trigger a_organizations_request_slug before insert or update of request_slug on public.organizations for each row execute function public.organizations_request_slug();

-- The organization a request form files to: the one of the slug, or without a slug the
-- deployment's default (the oldest organization; a build can name another with
-- VITE_DEFAULT_REQUEST_ORG, which the page sends as the slug).
create or replace function private.request_form_org(p_slug text) returns public.organizations
language sql stable security definer set search_path = '' as $$
  select o.* from public.organizations o
  where not o._deleted
    and (case when coalesce(btrim(p_slug), '') = '' then true else o.request_slug = lower(btrim(p_slug)) end)
  order by o.created_at, o.id
  limit 1
$$;

-- The heading of the request page: who the request goes to. Null for an unknown slug.
create or replace function public.request_form_organization(p_org text default null) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  org public.organizations;
begin
  if p_org is not null and length(p_org) > 60 then
    return null;
  end if;
  org := private.request_form_org(p_org);
  if org.id is null then
    return null;
  end if;
  return jsonb_build_object('name', org.name, 'logo', org.logo, 'brand_color', org.brand_color,
                            'slug', org.request_slug, 'address', org.address, 'phone', org.phone);
end
$$;

-- REQ- and 8 characters without look-alikes (0/O, 1/I/L), unique per organization.
create or replace function private.new_request_reference(p_org uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  bytes bytea;
  candidate text;
begin
  loop
    bytes := extensions.gen_random_bytes(8);
    candidate := 'REQ-' || (select string_agg(substr(alphabet, get_byte(bytes, i) % length(alphabet) + 1, 1), '' order by i) from generate_series(0, 7) i);
    exit when not exists (select 1 from public.estimate_requests r where r.org_id = p_org and r.reference = candidate);
  end loop;
  return candidate;
end
$$;

create or replace function public.estimate_requests_reference() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.reference := private.new_request_reference(new.org_id);
  else
    new.reference := old.reference;
  end if;
  return new;
end
$$;
create trigger a_estimate_requests_reference before insert or update on public.estimate_requests for each row execute function public.estimate_requests_reference();
create unique index estimate_requests_reference_idx on public.estimate_requests (org_id, reference);

create or replace function private.request_field(value text, max_length integer, field text, label text, required boolean) returns text
language plpgsql immutable set search_path = '' as $$
declare
  tidy text := btrim(coalesce(value, ''));
begin
  if required and tidy = '' then
    raise exception '% is required', label using errcode = '22023', detail = 'invalid_request', hint = field;
  end if;
  if length(tidy) > max_length then
    raise exception '% is too long (at most % characters)', label, max_length using errcode = '22023', detail = 'invalid_request', hint = field;
  end if;
  return tidy;
end
$$;

-- The form's budget ranges; src/features/requests/schemas.ts offers the same.
create or replace function private.request_budget_ranges() returns text[]
language sql immutable set search_path = '' as $$
  select array['', 'under_5k', '5k_15k', '15k_50k', '50k_150k', 'over_150k', 'not_sure']
$$;

-- A request's details as the form and the portal send them, tidied and checked in the order
-- the form shows them; a bad one raises invalid_request with the field as the hint.
create or replace function private.checked_request(
  p_name text, p_email text, p_phone text, p_company text, p_description text, p_desired_start date, p_budget_range text,
  out name text, out email text, out phone text, out company text, out description text, out budget_range text
)
language plpgsql stable set search_path = '' set timezone = 'UTC' as $$
begin
  name := private.request_field(private.tidy_line(p_name), 200, 'name', 'Your name', true);
  email := lower(private.request_field(p_email, 254, 'email', 'E-mail', true));
  if email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'Enter a valid e-mail address' using errcode = '22023', detail = 'invalid_request', hint = 'email';
  end if;
  phone := private.request_field(p_phone, 50, 'phone', 'Phone', false);
  company := private.request_field(private.tidy_line(p_company), 200, 'company', 'Company', false);
  description := private.request_field(p_description, 5000, 'description', 'What you need', true);
  budget_range := coalesce(p_budget_range, '');
  if not (budget_range = any (private.request_budget_ranges())) then
    raise exception 'Choose a budget range from the list' using errcode = '22023', detail = 'invalid_request', hint = 'budget_range';
  end if;
  if p_desired_start is not null and (p_desired_start < current_date - 1 or p_desired_start > current_date + 3650) then
    raise exception 'Choose a start date from today on' using errcode = '22023', detail = 'invalid_request', hint = 'desired_start';
  end if;
end
$$;
revoke execute on function private.checked_request(text, text, text, text, text, date, text) from public, anon, authenticated;

-- Files a request from /requests: the request (source request_form, with the caller's
-- address and user agent) and a prospect of the organization (one with the same e-mail is
-- reused), and mails the requester a confirmation through the outbox, all in one
-- transaction. p_key is the request's id, made by the page: a retried submit answers the
-- same reference and files nothing twice. p_website is a honeypot no person fills in: a
-- bot that does gets the same kind of answer and nothing is filed. At most 10 submits per
-- address an hour (429 with Retry-After). Returns {reference, organization}; null when the
-- organization named does not exist.
create or replace function public.submit_estimate_request(
  p_key uuid, p_org text, p_name text, p_email text, p_phone text, p_company text, p_description text,
  p_desired_start date, p_budget_range text, p_website text default ''
) returns jsonb
language plpgsql volatile security definer set search_path = '' set timezone = 'UTC' as $$
declare
  request_window constant interval := interval '1 hour';
  org public.organizations;
  v_earlier public.estimate_requests;
  details record;
  v_prospect uuid;
  v_request public.estimate_requests;
  v_first_name text;
  v_last_name text;
begin
  if p_key is null then
    raise exception 'Every request needs an idempotency key' using errcode = '22023', detail = 'idempotency_key_required';
  end if;
  org := private.request_form_org(case when length(p_org) <= 60 then p_org end);
  if org.id is null or (p_org is not null and length(p_org) > 60) then
    return null;
  end if;
  select * into v_earlier from public.estimate_requests r where r.id = p_key;
  if v_earlier.id is not null then
    if v_earlier.org_id <> org.id or v_earlier.source <> 'request_form' then
      raise exception 'This idempotency key belongs to another request' using errcode = '22023', detail = 'idempotency_key_reused';
    end if;
    return jsonb_build_object('reference', v_earlier.reference, 'organization', jsonb_build_object('name', org.name));
  end if;

  perform private.take_hit('estimate_request', 10, request_window,
    'Too many requests from this connection. Please try again in an hour, or call us.');

  details := private.checked_request(p_name, p_email, p_phone, p_company, p_description, p_desired_start, p_budget_range);

  if coalesce(btrim(p_website), '') <> '' then
    -- The honeypot: answered like a filed request, nothing kept (the count above stays).
    return jsonb_build_object('reference', private.new_request_reference(org.id), 'organization', jsonb_build_object('name', org.name));
  end if;

  select p.id into v_prospect from public.prospects p
    where p.org_id = org.id and lower(p.email) = details.email and not p._deleted
    order by p.created_at, p.id limit 1;
  if v_prospect is null then
    v_first_name := split_part(details.name, ' ', 1);
    v_last_name := btrim(substr(details.name, length(v_first_name) + 1));
    insert into public.prospects (org_id, first_name, last_name, email, phone, company, status, source)
      values (org.id, v_first_name, v_last_name, details.email, details.phone, details.company, 'new', 'request_form')
      returning id into v_prospect;
  end if;
  insert into public.estimate_requests (id, org_id, name, email, phone, company, description, desired_start, budget_range,
                                        source, prospect_id, status, ip_address, user_agent)
    values (p_key, org.id, details.name, details.email, details.phone, details.company, details.description,
            p_desired_start, details.budget_range, 'request_form', v_prospect, 'new',
            private.request_ip(), left(private.request_header('user-agent'), 500))
    returning * into v_request;

  insert into public.mail_outbox (org_id, "to", subject, text, html)
  values (
    org.id, details.email,
    left(format('We received your estimate request (%s)', v_request.reference), 250),
    format(E'Hello %s,\n\nthank you for your request. %s received it and will get back to you soon.\n\nYour reference: %s\n\nWhat you asked for:\n%s\n',
      details.name, org.name, v_request.reference, details.description),
    format('<p>Hello %s,</p><p>thank you for your request. %s received it and will get back to you soon.</p><p>Your reference: <strong>%s</strong></p><p>What you asked for:</p><p style="white-space:pre-wrap">%s</p>',
      private.html_escape(details.name), private.html_escape(org.name), v_request.reference, private.html_escape(details.description))
  );
  return jsonb_build_object('reference', v_request.reference, 'organization', jsonb_build_object('name', org.name));
end
$$;

revoke execute on function public.submit_estimate_request(uuid, text, text, text, text, text, text, date, text, text),
  public.request_form_organization(text) from public;
grant execute on function public.submit_estimate_request(uuid, text, text, text, text, text, text, date, text, text),
  public.request_form_organization(text) to anon, authenticated;
