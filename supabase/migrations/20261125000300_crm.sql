-- CRM (issue 13): the rules of the prospects pipeline, the accounts and the request inbox.
-- Their columns (prospects: status reason, status moment, status history, archive mark;
-- accounts: archive mark and contact checks; estimate_requests: dismiss reason, status moment)
-- are in the tables of 20261122000200_catalogue.sql and 20261122000400_portals.sql.
--
-- Every change is made offline on a device and synced as a document, so the rules live in
-- triggers that hold client writes (private.is_client_write()) to them: a won or lost prospect
-- needs a reason, a dismissed request needs one, a converted request names its estimate and
-- stays converted. Server writes (the seed, SECURITY DEFINER functions) are trusted.
-- Policies: the existing ones of the two files above decide who reads and writes these rows
-- (members read, sales and above create and update, nobody deletes: rows are soft-deleted);
-- supabase/tests/crm.test.ts proves them per role together with the rules below.

-- ---------------------------------------------------------------------------------------
-- Lists of the request inbox and the duplicate check by e-mail.
create index if not exists prospects_org_email_idx on public.prospects (org_id, lower(email)) where not _deleted;
create index if not exists estimate_requests_org_status_idx on public.estimate_requests (org_id, status, created_at);

-- ---------------------------------------------------------------------------------------
-- A device's moment for a status change, if it is plausible (made offline, after the last
-- change and not in the future); otherwise the server's.
create or replace function private.status_moment(claimed timestamptz, earliest timestamptz) returns timestamptz
language sql stable set search_path = '' as $$
  select case when claimed is not null and claimed <= now() and (earliest is null or claimed >= earliest) then claimed else now() end
$$;

-- The status moment an update leaves (prospects and requests alike): on a move, a moment the
-- writer did not change is no claim (the move happens now) and a client's claim is taken when
-- plausible; without a move a client keeps the stored moment, a trusted writer may set it.
-- The triggers run as the caller, so the API roles keep EXECUTE (as on status_moment).
create or replace function private.updated_status_moment(
  p_client boolean, p_moved boolean, p_claimed timestamptz, p_previous timestamptz, p_previous_created timestamptz
) returns timestamptz
language sql stable set search_path = '' as $$
  select case when not p_moved then case when p_client then p_previous else p_claimed end
              when p_claimed is not distinct from p_previous then now()
              when p_client then private.status_moment(p_claimed, coalesce(p_previous, p_previous_created))
              else p_claimed end
$$;

create or replace function private.iso_utc(at timestamptz) returns text
language sql immutable set search_path = '' as $$
  select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- A device's status history: the server's entries (`base`), then the entries the device
-- appended while it worked, offline too. Each appended entry is kept while it is well formed,
-- made by the caller, in time order (not before the previous one, not in the future) and the
-- device's copy starts with exactly the server's entries; the rest is dropped. A conflicting
-- write never gets here with another device's entries (sync answers it as a conflict first).
create or replace function private.accepted_history(base jsonb, claimed text, earliest timestamptz) returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  statuses constant text[] := array['new', 'contacted', 'qualified', 'proposal', 'won', 'lost'];
  parsed jsonb;
  n integer := jsonb_array_length(base);
  result jsonb := base;
  previous timestamptz := earliest;
  e jsonb;
  at timestamptz;
begin
  begin
    parsed := claimed::jsonb;
  exception when others then
    return base;
  end;
  if jsonb_typeof(parsed) is distinct from 'array' or jsonb_array_length(parsed) <= n then
    return base;
  end if;
  if n > 0 then
    -- The device marks its own entries `local` until it has the server's copy back.
    if (select jsonb_agg(case when jsonb_typeof(x) = 'object' then x - 'local' else x end order by i)
        from jsonb_array_elements(parsed) with ordinality as t(x, i) where i <= n) is distinct from base then
      return base;
    end if;
    previous := greatest(previous, (base -> -1 ->> 'at')::timestamptz);
  end if;
  for e in select x from jsonb_array_elements(parsed) with ordinality as t(x, i) where i > n order by i loop
    exit when jsonb_typeof(e) is distinct from 'object'
      or not coalesce(e ->> 'status' = any (statuses), false)
      or (jsonb_typeof(e -> 'from') = 'string' and not (e ->> 'from') = any (statuses))
      or (e ->> 'by') is distinct from (auth.uid())::text
      or length(coalesce(e ->> 'reason', '')) > 500;
    begin
      at := (e ->> 'at')::timestamptz;
    exception when others then
      exit;
    end;
    exit when at is null or at > now() + interval '1 minute' or (previous is not null and at < previous);
    result := result || jsonb_build_array(jsonb_build_object(
      'status', e ->> 'status',
      'from', case when jsonb_typeof(e -> 'from') = 'string' then e -> 'from' else 'null'::jsonb end,
      'at', private.iso_utc(at),
      'by', e ->> 'by',
      'reason', coalesce(e ->> 'reason', '')));
    previous := at;
  end loop;
  return result;
end
$$;

-- Prospect status rules and history. The history is a JSON array of {status, from, at, by,
-- reason}: the server keeps it, takes the entries a device appended (private.accepted_history,
-- so moves made offline keep their order and moments) and always ends it with the current
-- status (appending an entry of its own when the device's do not), at most the last 100. A
-- client that moves a prospect to won or lost (or changes the reason of one) must give a
-- reason.
create or replace function public.prospects_status_rules() returns trigger
language plpgsql set search_path = '' as $$
declare
  client boolean := private.is_client_write();
  base jsonb := '[]'::jsonb;
  history jsonb;
  last jsonb;
begin
  new.status_reason := btrim(coalesce(new.status_reason, ''));
  -- Kept as sent in other stages (devices clear it on a move): a won or lost move that lost a
  -- merge and is restored from the conflict log then still has its reason.
  if new.status in ('won', 'lost') and client and new.status_reason = ''
        and (tg_op = 'INSERT' or new.status is distinct from old.status or new.status_reason is distinct from old.status_reason) then
    raise exception 'A % prospect needs a reason', new.status
      using errcode = '23514', detail = 'status_reason_required', hint = 'status_reason';
  end if;

  if tg_op = 'UPDATE' then
    base := coalesce(nullif(old.status_history, '')::jsonb, '[]'::jsonb);
  end if;
  if client then
    -- No lower bound but the server's last entry: a row made offline is inserted when it syncs
    -- (its created_at is then), after the moves made on the device.
    history := private.accepted_history(base, new.status_history, null);
  elsif tg_op = 'INSERT' and coalesce(new.status_history, '') not in ('', '[]') then
    -- Trusted writers (the seed, a server-side import) may bring a history along.
    history := new.status_history::jsonb;
  else
    history := base;
  end if;

  if tg_op = 'INSERT' then
    new.status_changed_at := least(coalesce(new.status_changed_at, new.created_at, now()), now());
  else
    new.status_changed_at := private.updated_status_moment(client, new.status is distinct from old.status,
                                                           new.status_changed_at, old.status_changed_at, old.created_at);
  end if;

  last := case when jsonb_array_length(history) > 0 then history -> -1 end;
  if last is null or (last ->> 'status') is distinct from new.status then
    history := history || jsonb_build_array(jsonb_build_object(
      'status', new.status,
      'from', coalesce(last -> 'status', case when tg_op = 'UPDATE' then to_jsonb(old.status) end, 'null'::jsonb),
      'at', private.iso_utc(new.status_changed_at),
      'by', to_jsonb(auth.uid()),
      'reason', case when new.status in ('won', 'lost') then new.status_reason else '' end));
  end if;
  if jsonb_array_length(history) > 100 then
    history := (select jsonb_agg(e order by i) from jsonb_array_elements(history) with ordinality as t(e, i) where i > jsonb_array_length(history) - 100);
  end if;
  new.status_history := history::text;
  -- The moment of the current stage is its history entry's (a device's offline move keeps its own).
  new.status_changed_at := (history -> -1 ->> 'at')::timestamptz;
  return new;
end
$$;

create trigger b_prospects_status_rules before insert or update on public.prospects for each row execute function public.prospects_status_rules();

-- Request status rules. A client may take a request into review, convert it (naming the
-- draft estimate made from it) or dismiss it with a reason, and reopen a dismissed one; a
-- converted request stays converted (its prospect and estimate exist). The status moment is
-- kept as for prospects.
create or replace function public.estimate_requests_status_rules() returns trigger
language plpgsql set search_path = '' as $$
declare
  client boolean := private.is_client_write();
begin
  new.dismiss_reason := btrim(coalesce(new.dismiss_reason, ''));
  if new.status <> 'dismissed' then
    new.dismiss_reason := '';
  end if;
  if tg_op = 'INSERT' then
    new.status_changed_at := least(coalesce(new.status_changed_at, new.created_at, now()), now());
  else
    if client and old.status = 'converted' and new.status is distinct from old.status then
      raise exception 'A converted request stays converted'
        using errcode = '23514', detail = 'request_already_converted', hint = 'status';
    end if;
    new.status_changed_at := private.updated_status_moment(client, new.status is distinct from old.status,
                                                           new.status_changed_at, old.status_changed_at, old.created_at);
  end if;
  if client and new.status = 'dismissed' and new.dismiss_reason = ''
     and (tg_op = 'INSERT' or old.status is distinct from 'dismissed' or old.dismiss_reason is distinct from new.dismiss_reason) then
    raise exception 'A dismissed request needs a reason'
      using errcode = '23514', detail = 'dismiss_reason_required', hint = 'dismiss_reason';
  end if;
  if client and new.status = 'converted' and new.converted_estimate_id is null then
    raise exception 'A converted request names the estimate made from it'
      using errcode = '23514', detail = 'converted_estimate_required', hint = 'converted_estimate_id';
  end if;
  return new;
end
$$;

create trigger b_estimate_requests_status_rules before insert or update on public.estimate_requests for each row execute function public.estimate_requests_status_rules();
