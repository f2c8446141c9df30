-- Estimates, their items, timelines (milestones) and immutable versions, with the server's
-- rules: final per-organization numbers, stored totals, legal status transitions, locks.
--
-- Units: money is bigint cents; quantity numeric(12,3); percentages (tax rate, line
-- discount) are numeric(6,3) percent, e.g. 8.250 = 8.25 %; margin_percent has one decimal.

-- Integer division rounded half away from zero, exact for any integers (den > 0).
create or replace function private.round_half_away(num numeric, den numeric) returns numeric
language sql immutable strict parallel safe set search_path = '' as $$
  select sign(num) * div(2 * abs(num) + den, 2 * den)
$$;

-- line net = quantity × unit price × (1 − discount %), rounded once to the cent.
create or replace function private.line_net_cents(quantity numeric, unit_price_cents bigint, discount_percent numeric)
returns bigint
language sql immutable strict parallel safe set search_path = '' as $$
  select private.round_half_away(quantity * 1000 * unit_price_cents * (100000 - discount_percent * 1000), 100000000)::bigint
$$;

create table public.estimate_number_counters (
  org_id uuid primary key references public.organizations (id) on delete cascade,
  last_value bigint not null default 0
);
alter table public.estimate_number_counters enable row level security;
revoke all on public.estimate_number_counters from anon, authenticated;

create table public.estimates (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  number text not null default '',
  provisional_number text not null default '',
  title text not null default '',
  account_id uuid,
  prospect_id uuid,
  owner_id uuid references auth.users (id) on delete set null,
  status text not null default 'draft'
    check (status in ('draft', 'sent', 'viewed', 'changes_requested', 'accepted', 'declined', 'expired', 'archived')),
  valid_until date,
  tax_rate numeric(6,3) not null default 0 check (tax_rate between 0 and 100),
  discount_cents bigint not null default 0 check (discount_cents >= 0),
  notes text not null default '',
  terms text not null default '',
  hidden_from_portal boolean not null default false,
  -- Stored totals, recomputed by the server from the items (never taken from a client).
  subtotal_cents bigint not null default 0,
  applied_discount_cents bigint not null default 0,
  tax_cents bigint not null default 0,
  total_cents bigint not null default 0,
  cost_cents bigint not null default 0,
  margin_cents bigint,
  margin_percent numeric(10,1),
  current_version_id uuid,
  version_number integer not null default 0,
  sent_at timestamptz,
  viewed_at timestamptz,
  accepted_at timestamptz,
  declined_at timestamptz,
  expired_at timestamptz,
  archived_at timestamptz,
  -- The acceptance record: who accepted which version, how, from where.
  accepted_version_id uuid,
  accepted_by_name text not null default '',
  accepted_by_email text not null default '',
  acceptance_signature text not null default '',
  acceptance_ip text not null default '',
  acceptance_user_agent text not null default '',
  decline_reason text not null default '',
  -- Transaction that accepted or declined the estimate: items may still arrive in that
  -- same transaction (an estimate accepted offline is pushed with its items), never later.
  locked_txid xid8,
  like private.replicated_columns including defaults,
  -- Who the estimate is for as the app shows it (server-kept, see
  -- 20261122001000_send_and_accept.sql), where a send mails the link, and the hash of the
  -- version a customer accepted (written by a device accepting in the field).
  customer_name text not null default '',
  sent_to_email text not null default '',
  acceptance_sha256 text not null default '',
  -- The customer's activity and decision, kept by the server (20261125000200_customer_estimate.sql):
  -- views, how an acceptance was signed, the version reviewed when choosing optional items,
  -- and a change request.
  view_count integer not null default 0,
  last_viewed_at timestamptz,
  acceptance_signature_method text not null default '',
  acceptance_reviewed_version_id uuid,
  changes_request text not null default '',
  changes_requested_at timestamptz,
  unique (id, org_id),
  unique (org_id, number),
  foreign key (account_id, org_id) references public.accounts (id, org_id) on delete set null (account_id),
  foreign key (prospect_id, org_id) references public.prospects (id, org_id) on delete set null (prospect_id),
  -- Backstops for writes that skip the triggers' clearer messages (the seed, service code).
  constraint estimates_sent_to_email_check
    check (sent_to_email = '' or (sent_to_email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' and length(sent_to_email) <= 254)),
  constraint estimates_acceptance_sha256_check check (acceptance_sha256 = '' or acceptance_sha256 ~ '^[0-9a-f]{64}$'),
  constraint estimates_acceptance_signature_size check (octet_length(acceptance_signature) <= 204800),
  constraint estimates_acceptance_signature_method_check check (acceptance_signature_method in ('', 'drawn', 'typed')),
  constraint estimates_changes_request_length check (length(changes_request) <= 2000)
);
create index estimates_account_id_idx on public.estimates (account_id);
create index estimates_prospect_id_idx on public.estimates (prospect_id);

create table public.estimate_items (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  estimate_id uuid not null,
  product_id uuid,
  name text not null check (length(name) between 1 and 300),
  description text not null default '',
  quantity numeric(12,3) not null default 1,
  unit text not null default 'each',
  unit_price_cents bigint not null default 0,
  unit_cost_cents bigint,
  discount_percent numeric(6,3) not null default 0 check (discount_percent between 0 and 100),
  taxable boolean not null default true,
  optional boolean not null default false,
  selected boolean not null default true,
  sort_order integer not null default 0,
  like private.replicated_columns including defaults,
  foreign key (estimate_id, org_id) references public.estimates (id, org_id) on delete cascade,
  foreign key (product_id, org_id) references public.products (id, org_id) on delete set null (product_id)
);
create index estimate_items_estimate_id_idx on public.estimate_items (estimate_id);

create table public.milestones (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  estimate_id uuid not null,
  title text not null check (length(title) between 1 and 300),
  description text not null default '',
  start_date date,
  end_date date,
  status text not null default 'planned' check (status in ('planned', 'in_progress', 'done')),
  visible_to_customer boolean not null default true,
  sort_order integer not null default 0,
  like private.replicated_columns including defaults,
  foreign key (estimate_id, org_id) references public.estimates (id, org_id) on delete cascade,
  check (end_date is null or start_date is null or end_date >= start_date)
);
create index milestones_estimate_id_idx on public.milestones (estimate_id);

create table public.estimate_versions (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  estimate_id uuid not null,
  version_number integer not null check (version_number > 0),
  -- The customer-safe snapshot as JSON text (no cost, no margin), and the SHA-256 of
  -- exactly that text, so anyone holding the text can verify the hash.
  snapshot text not null,
  snapshot_sha256 text not null,
  created_by uuid,
  like private.replicated_columns including defaults,
  unique (estimate_id, version_number),
  foreign key (estimate_id, org_id) references public.estimates (id, org_id) on delete cascade
);
alter table public.estimates
  add foreign key (current_version_id) references public.estimate_versions (id) on delete set null,
  add foreign key (accepted_version_id) references public.estimate_versions (id) on delete set null,
  add foreign key (acceptance_reviewed_version_id) references public.estimate_versions (id) on delete set null;

-- Totals with the money rules of DOMAIN.md; src/lib/money.ts computeTotals is the same
-- function in TypeScript (supabase/tests/fixtures/totals-cases.json proves they agree).
-- Optional items count only when selected; a missing unit cost counts as zero; the
-- estimate discount is clamped to [0, subtotal] and spread over the lines in proportion
-- to their net, so tax = round((taxable net − its share of the discount) × rate).
create or replace function private.compute_totals(p_estimate uuid, p_discount_cents bigint, p_tax_rate numeric)
returns table (
  subtotal_cents bigint, applied_discount_cents bigint, tax_cents bigint, total_cents bigint,
  cost_cents bigint, margin_cents bigint, margin_percent numeric
)
language sql stable set search_path = '' as $$
  with lines as (
    select private.line_net_cents(i.quantity, i.unit_price_cents, i.discount_percent)::numeric as net,
           i.taxable,
           i.quantity * 1000 * coalesce(i.unit_cost_cents, 0) as cost_milli
    from public.estimate_items i
    where i.estimate_id = p_estimate and not i._deleted and (not i.optional or i.selected)
  ), sums as (
    select coalesce(sum(net), 0) as s,
           coalesce(sum(net) filter (where taxable), 0) as t,
           private.round_half_away(coalesce(sum(cost_milli), 0), 1000) as cost
    from lines
  ), discounted as (
    select s, t, cost, greatest(0, least(coalesce(p_discount_cents, 0), s)) as d from sums
  ), taxed as (
    select s, d, cost,
           case when d = 0 then private.round_half_away(t * coalesce(p_tax_rate, 0) * 1000, 100000)
                else private.round_half_away(t * (s - d) * coalesce(p_tax_rate, 0) * 1000, s * 100000) end as tax
    from discounted
  )
  select s::bigint, d::bigint, tax::bigint, (s - d + tax)::bigint, cost::bigint,
         case when cost > 0 and s - d > 0 then (s - d - cost)::bigint end,
         case when cost > 0 and s - d > 0 then private.round_half_away((s - d - cost) * 1000, s - d) / 10 end
  from taxed
$$;

create or replace function private.is_legal_estimate_transition(from_status text, to_status text) returns boolean
language sql immutable set search_path = '' as $$
  select from_status = to_status or exists (
    select 1 from (values
      ('draft', 'sent'), ('draft', 'archived'),
      ('sent', 'viewed'), ('sent', 'changes_requested'), ('sent', 'accepted'), ('sent', 'declined'),
      ('sent', 'expired'), ('sent', 'draft'), ('sent', 'archived'),
      ('viewed', 'sent'), ('viewed', 'changes_requested'), ('viewed', 'accepted'), ('viewed', 'declined'),
      ('viewed', 'expired'), ('viewed', 'draft'), ('viewed', 'archived'),
      ('changes_requested', 'draft'), ('changes_requested', 'sent'), ('changes_requested', 'expired'),
      ('changes_requested', 'archived'),
      ('expired', 'draft'), ('expired', 'sent'), ('expired', 'archived'),
      ('accepted', 'archived'),
      ('declined', 'archived')
    ) as t (f, s)
    where t.f = from_status and t.s = to_status
  )
$$;

create or replace function private.raise_illegal_transition(from_status text, to_status text) returns void
language plpgsql set search_path = '' as $$
begin
  raise exception 'An estimate cannot go from % to %', from_status, to_status
    using errcode = 'PT422', detail = 'illegal_status_transition', hint = format('from=%s to=%s', from_status, to_status);
end
$$;

-- Numbers: the device sends a provisional DRAFT-… number; the first insert on the server
-- takes the next value of the organization's counter row, locked until commit, so numbers
-- are gap-free (a rolled-back insert rolls the counter back too) and never repeat.
create or replace function private.assign_estimate_number(p_org uuid, p_estimate uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  next_value bigint;
  prefix text;
begin
  insert into public.estimate_number_counters (org_id) values (p_org) on conflict do nothing;
  select c.last_value into next_value from public.estimate_number_counters c where c.org_id = p_org for update;
  -- An upsert of an existing id continues as an update, which keeps the existing number:
  -- consuming a value here would leave a gap. Checked after taking the lock, so a
  -- concurrent insert of the same id has committed by now.
  if exists (select 1 from public.estimates e where e.id = p_estimate) then
    return null;
  end if;
  next_value := next_value + 1;
  update public.estimate_number_counters set last_value = next_value where org_id = p_org;
  select o.estimate_prefix into prefix from public.organizations o where o.id = p_org;
  return coalesce(prefix, '') || case when next_value < 1000000 then lpad(next_value::text, 6, '0') else next_value::text end;
end
$$;

-- Trigger functions that tell client writes from the schema's own (is_client_write reads
-- current_user) are SECURITY INVOKER; they call SECURITY DEFINER helpers for privileged reads.
create or replace function public.estimates_before_insert() returns trigger
language plpgsql set search_path = '' as $$
begin
  if private.is_client_write() then
    perform private.require_role(new.org_id, array['owner', 'admin', 'sales'], 'new row violates row-level security policy for table "estimates"');
    new.current_version_id := null;
    new.version_number := 0;
    new.accepted_version_id := null;
  end if;
  new.provisional_number := coalesce(nullif(new.provisional_number, ''), new.number, '');
  new.number := coalesce(private.assign_estimate_number(new.org_id, new.id), new.number);
  return new;
end
$$;

-- Status rules, status timestamps, server-owned columns, totals and the lock, for inserts
-- and updates. Runs after numbering (b_ after a_) and before stamping (z_). Also keeps
-- customer_name (private.customer_display_name), checks sent_to_email, and lets a staff
-- client accept only with the customer's evidence, passing through `sent` when needed (the
-- hash is checked after the write, public.estimates_after_write; both in
-- 20261122001000_send_and_accept.sql).
create or replace function public.estimates_before_write() returns trigger
language plpgsql set search_path = '' as $$
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
      perform private.raise_illegal_transition(from_status, new.status);
    end if;
    if new.acceptance_sha256 = '' or btrim(new.accepted_by_name) = '' or new.acceptance_signature = '' then
      raise exception 'Accepting an estimate needs the customer''s typed name, signature and the hash of the version they saw'
        using errcode = 'PT422', detail = 'acceptance_evidence_required';
    end if;
    if from_status not in ('sent', 'viewed') then
      -- Accepted on the spot: the estimate is sent on the way (draft → sent → accepted).
      if not private.is_legal_estimate_transition(from_status, 'sent') then
        perform private.raise_illegal_transition(from_status, new.status);
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
    perform private.raise_illegal_transition(old.status, new.status);
  end if;

  -- Totals are recomputed when they can have moved: a new estimate, a new discount or tax
  -- rate, or a write that sets a totals column (the items' refresh below, or a device sending
  -- its own figures, which are never believed). Any other update keeps the stored totals,
  -- which the items' triggers keep exact.
  if tg_op = 'INSERT'
     or (new.discount_cents, new.tax_rate, new.subtotal_cents, new.applied_discount_cents, new.tax_cents,
         new.total_cents, new.cost_cents, new.margin_cents, new.margin_percent)
        is distinct from
        (old.discount_cents, old.tax_rate, old.subtotal_cents, old.applied_discount_cents, old.tax_cents,
         old.total_cents, old.cost_cents, old.margin_cents, old.margin_percent) then
    select * into totals from private.compute_totals(new.id, new.discount_cents, new.tax_rate);
    new.subtotal_cents := totals.subtotal_cents;
    new.applied_discount_cents := totals.applied_discount_cents;
    new.tax_cents := totals.tax_cents;
    new.total_cents := totals.total_cents;
    new.cost_cents := totals.cost_cents;
    new.margin_cents := totals.margin_cents;
    new.margin_percent := totals.margin_percent;
  end if;

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

create trigger a_estimates_number before insert on public.estimates for each row execute function public.estimates_before_insert();
create trigger b_estimates_rules before insert or update on public.estimates for each row execute function public.estimates_before_write();
create trigger a_default_owner before insert on public.estimates for each row execute function public.default_owner();

create or replace function private.estimate_is_locked(p_estimate uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.estimates e
    where e.id = p_estimate and e.status in ('accepted', 'declined') and e.locked_txid is distinct from pg_current_xact_id()
      and e.org_id = any (private.member_org_ids())
  )
$$;

create or replace function public.estimate_items_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'UPDATE' and new.estimate_id is distinct from old.estimate_id then
    raise exception 'An item cannot move to another estimate' using errcode = '23514';
  end if;
  if private.is_client_write() and private.estimate_is_locked(new.estimate_id) then
    raise exception 'The estimate is accepted or declined: create a new revision to change it'
      using errcode = 'PT423', detail = 'estimate_locked';
  end if;
  return new;
end
$$;

create trigger a_estimate_items_rules before insert or update on public.estimate_items for each row execute function public.estimate_items_before_write();

-- Stored totals once per estimate per statement (issue 18): three statement triggers on
-- estimate_items (insert, update, delete; PostgreSQL allows transition tables on a trigger of
-- one event only) collect the estimates whose totals an item change can move: the estimate of
-- an inserted or deleted item that counts (not deleted, not an unselected option), and both
-- estimates of an updated item whose counted columns changed. Each is recomputed once per
-- statement, in one set-based UPDATE that touches only estimates whose totals really moved
-- (an edit that leaves them alone does not make every device pull the estimate again). The
-- estimates' rules trigger above recomputes only when the totals can have moved.
-- supabase/tests/totals-triggers.test.ts proves the totals stay exact and counts the
-- recomputations.

-- Recomputes the stored totals of these estimates, writing only those that moved. The
-- update runs the estimates' triggers, which compute the same totals again from the items
-- (they never take totals from a write) and stamp the row for sync.
create or replace function private.refresh_estimates_totals(p_estimates uuid[]) returns void
language sql security definer set search_path = '' as $$
  -- Materialized: the totals are computed once per estimate, whatever plan the join gets.
  with t as materialized (
    select cur.id, c.* from public.estimates cur
    cross join lateral private.compute_totals(cur.id, cur.discount_cents, cur.tax_rate) c
    where cur.id = any (p_estimates)
  )
  update public.estimates e
     set (subtotal_cents, applied_discount_cents, tax_cents, total_cents, cost_cents, margin_cents, margin_percent) =
         (t.subtotal_cents, t.applied_discount_cents, t.tax_cents, t.total_cents, t.cost_cents, t.margin_cents, t.margin_percent)
    from t
   where e.id = t.id
     and (t.subtotal_cents, t.applied_discount_cents, t.tax_cents, t.total_cents, t.cost_cents, t.margin_cents, t.margin_percent)
         is distinct from
         (e.subtotal_cents, e.applied_discount_cents, e.tax_cents, e.total_cents, e.cost_cents, e.margin_cents, e.margin_percent)
$$;
revoke execute on function private.refresh_estimates_totals(uuid[]) from public, anon, authenticated;

-- The statement triggers' function: old_items and new_items are the statement's transition
-- tables (only those of the firing event exist, so each branch reads only its own). An item
-- counts when compute_totals reads it: not deleted, and not an option left unselected.
create or replace function public.estimate_items_totals() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  touched uuid[];
begin
  if tg_op = 'INSERT' then
    touched := array(select distinct n.estimate_id from new_items n where not n._deleted and (not n.optional or n.selected));
  elsif tg_op = 'DELETE' then
    touched := array(select distinct o.estimate_id from old_items o where not o._deleted and (not o.optional or o.selected));
  else
    touched := array(
      select distinct x.estimate_id
      from old_items o
      join new_items n on n.id = o.id
      cross join lateral (values (o.estimate_id), (n.estimate_id)) x(estimate_id)
      where (not o._deleted and (not o.optional or o.selected) or not n._deleted and (not n.optional or n.selected))
        and (o.estimate_id, o.quantity, o.unit_price_cents, o.unit_cost_cents, o.discount_percent,
             o.taxable, o.optional, o.selected, o._deleted)
            is distinct from
            (n.estimate_id, n.quantity, n.unit_price_cents, n.unit_cost_cents, n.discount_percent,
             n.taxable, n.optional, n.selected, n._deleted));
  end if;
  if cardinality(touched) > 0 then
    perform private.refresh_estimates_totals(touched);
  end if;
  return null;
end
$$;

create trigger estimate_items_totals_insert after insert on public.estimate_items
  referencing new table as new_items
  for each statement execute function public.estimate_items_totals();
create trigger estimate_items_totals_update after update on public.estimate_items
  referencing old table as old_items new table as new_items
  for each statement execute function public.estimate_items_totals();
create trigger estimate_items_totals_delete after delete on public.estimate_items
  referencing old table as old_items
  for each statement execute function public.estimate_items_totals();

-- Versions: whenever an estimate the customer can see (sent or later) ends a transaction
-- with content different from its current version, a new version is snapshotted. The
-- check runs at commit (deferred), after every item of the transaction has landed; an
-- accepted estimate refers to the version current at its acceptance.
--
-- The snapshot is canonical text: private.estimate_snapshot builds, byte for byte, the text
-- that src/lib/estimate-snapshot.ts canonicalSnapshot builds on a device, so a hash computed
-- offline can be checked here (supabase/tests/snapshot.test.ts proves they agree). An
-- accepted or declined estimate outside the transaction that locked it cannot have changed,
-- so it is never snapshotted again (a change of format or of customer_name must not add
-- versions to it); an acceptance with a device hash must still match when its transaction
-- ends (items written after the acceptance in the same transaction cannot change what was
-- signed).

-- A string as JSON, escaped exactly like JSON.stringify (Postgres' escape_json writes the
-- same short escapes and lowercase \u00xx for other control characters); null as null.
create or replace function private.json_string(value text) returns text
language sql immutable set search_path = '' as $$
  select coalesce(to_json(value)::text, 'null')
$$;

create or replace function private.estimate_snapshot(p_estimate uuid) returns text
language sql stable security definer set search_path = '' as $$
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
language sql immutable strict set search_path = '' as $$
  select encode(sha256(convert_to(snapshot, 'UTF8')), 'hex')
$$;

create or replace function private.snapshot_estimate_version(p_estimate uuid) returns void
language plpgsql security definer set search_path = '' as $$
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

create or replace function public.estimate_version_check() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_table_name = 'estimates' then
    perform private.snapshot_estimate_version(new.id);
  else
    perform private.snapshot_estimate_version(coalesce(new.estimate_id, old.estimate_id));
  end if;
  return null;
end
$$;

create constraint trigger estimates_version_check after insert or update on public.estimates
  deferrable initially deferred for each row
  when (new.status in ('sent', 'viewed', 'changes_requested', 'accepted', 'declined'))
  execute function public.estimate_version_check();
create constraint trigger estimate_items_version_check after insert or update or delete on public.estimate_items
  deferrable initially deferred for each row
  execute function public.estimate_version_check();

-- `expired` is derived from valid_until: a scheduled job (pg_cron on hosted Supabase, the
-- local backend's timer) calls this as service_role. Returns how many estimates expired.
create or replace function public.expire_estimates() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  n integer;
begin
  update public.estimates set status = 'expired'
    where status in ('sent', 'viewed', 'changes_requested') and valid_until < current_date and not _deleted;
  get diagnostics n = row_count;
  return n;
end
$$;
revoke execute on function public.expire_estimates() from public, anon, authenticated;

select private.setup_replicated_table('public.estimates');
select private.setup_replicated_table('public.estimate_items');
select private.setup_replicated_table('public.milestones');
select private.setup_replicated_table('public.estimate_versions');
grant insert, update on public.estimates, public.estimate_items, public.milestones to authenticated;

select private.add_org_policies('public.estimates', 'estimates', 'sales');
select private.add_org_policies('public.estimate_items', 'estimate items', 'sales');
select private.add_org_policies('public.milestones', 'milestones', 'sales');
select private.add_org_policies('public.estimate_versions', 'estimate versions');
