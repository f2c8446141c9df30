-- Stored totals once per estimate per statement (issue 18, push).
--
-- Before: a row trigger on estimate_items recomputed its estimate's totals after every
-- inserted, updated or deleted item (about 0.8 ms a row, whatever the column), and the
-- estimates' rules trigger recomputed them on every update of an estimate, a title edit
-- included. Now:
-- - three statement triggers on estimate_items (insert, update, delete; PostgreSQL allows
--   transition tables on a trigger of one event only) collect the estimates whose totals
--   an item change can move: the estimate of an inserted or deleted item that counts (not
--   deleted, not an unselected option), and both estimates of an updated item whose
--   counted columns changed. Each such estimate is recomputed once per statement, in one
--   set-based UPDATE that touches only estimates whose totals really moved (an edit that
--   leaves them alone does not make every device pull the estimate again);
-- - the estimates' rules trigger recomputes only for a new estimate, a new discount or tax
--   rate, or a write that sets a totals column (the refresh above; a device's own figures,
--   which are never believed). Any other update keeps the stored totals, which the item
--   triggers keep exact.
-- supabase/tests/totals-triggers.test.ts proves the totals stay exact and counts the
-- recomputations.

-- Recomputes the stored totals of these estimates, writing only those that moved. The
-- update runs the estimates' triggers, which compute the same totals again from the items
-- (they never take totals from a write) and stamp the row for sync.
create or replace function private.refresh_estimates_totals(p_estimates uuid[]) returns void
language sql security definer
set search_path = ''
as $$
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
language plpgsql security definer
set search_path = ''
as $$
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

drop trigger estimate_items_totals on public.estimate_items;
drop function public.estimate_items_after_write();
drop function private.refresh_estimate_totals(uuid);

create trigger estimate_items_totals_insert after insert on public.estimate_items
  referencing new table as new_items
  for each statement execute function public.estimate_items_totals();
create trigger estimate_items_totals_update after update on public.estimate_items
  referencing old table as old_items new table as new_items
  for each statement execute function public.estimate_items_totals();
create trigger estimate_items_totals_delete after delete on public.estimate_items
  referencing old table as old_items
  for each statement execute function public.estimate_items_totals();

-- public.estimates_before_write of 20261122000300_estimates.sql, with the totals computed
-- only when they can have moved (see the top of this file); nothing else changed.
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
