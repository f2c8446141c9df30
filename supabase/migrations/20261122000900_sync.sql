-- Sync RPCs for the offline clients (sync/ in the app): a pull that can never skip a row,
-- and a batched, idempotent push that answers every document as data.
--
-- Pull checkpoint: (_txid, id). A row is only handed out once every transaction that
-- could still commit a smaller _txid has finished (_txid < xmin of the current snapshot),
-- so a late commit can never land behind a checkpoint already given to a client.
--
-- Push: each change carries a per-device sequence number; sync_devices records the last
-- number applied in the same transaction as the data, so a retried batch is a no-op. Each
-- change runs in its own subtransaction: a change refused by RLS, a check or a trigger is
-- answered {status: 'rejected', code, reason} and the rest of the batch still lands.
-- Conflicts are detected by content: the columns of the state the device last saw
-- (`assumed`) must equal the row's current columns, except the server-stamped ones.
--
-- Both functions are SECURITY INVOKER, so row level security decides what a caller reads
-- and writes; timestamps are rendered in UTC so every client sees the same strings.

create table if not exists public.sync_devices (
  device_id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  last_seq bigint not null default 0 check (last_seq >= 0),
  -- Outcomes of the last batch without documents, answered again for a retried batch.
  last_results jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists sync_devices_user_id_idx on public.sync_devices (user_id);

alter table public.sync_devices enable row level security;
revoke all on public.sync_devices from anon, authenticated;
grant select, insert, update on public.sync_devices to authenticated;

drop policy if exists "Users can view their own devices" on public.sync_devices;
create policy "Users can view their own devices" on public.sync_devices
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Users can register their own devices" on public.sync_devices;
create policy "Users can register their own devices" on public.sync_devices
  for insert to authenticated with check (user_id = (select auth.uid()));
drop policy if exists "Users can update their own devices" on public.sync_devices;
create policy "Users can update their own devices" on public.sync_devices
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- The replicated tables, in the order a batch is applied (parents before children).
create or replace function private.sync_tables() returns text[]
language sql immutable
set search_path = ''
as $$
  select array[
    'organizations', 'profiles', 'accounts', 'prospects', 'products', 'estimates',
    'estimate_items', 'milestones', 'estimate_versions', 'portals', 'comments', 'estimate_requests'
  ]
$$;

-- Columns the server stamps: never written from a document, never compared for conflicts.
create or replace function private.sync_server_stamped() returns text[]
language sql immutable
set search_path = ''
as $$
  select array['_txid', '_modified', 'updated_at', 'created_at', 'locked_txid']
$$;

-- The pull cursor needs (_txid, id) without the organization in front.
create index if not exists organizations_sync_cursor_idx on public.organizations (_txid, id);
create index if not exists profiles_sync_cursor_idx on public.profiles (_txid, id);
create index if not exists accounts_sync_cursor_idx on public.accounts (_txid, id);
create index if not exists prospects_sync_cursor_idx on public.prospects (_txid, id);
create index if not exists products_sync_cursor_idx on public.products (_txid, id);
create index if not exists estimates_sync_cursor_idx on public.estimates (_txid, id);
create index if not exists estimate_items_sync_cursor_idx on public.estimate_items (_txid, id);
create index if not exists milestones_sync_cursor_idx on public.milestones (_txid, id);
create index if not exists estimate_versions_sync_cursor_idx on public.estimate_versions (_txid, id);
create index if not exists portals_sync_cursor_idx on public.portals (_txid, id);
create index if not exists comments_sync_cursor_idx on public.comments (_txid, id);
create index if not exists estimate_requests_sync_cursor_idx on public.estimate_requests (_txid, id);

-- One page of changes after the checkpoint: {documents, checkpoint: {txid, id} | null,
-- blocked}. `blocked` says rows exist that an open transaction still hides (pull again soon).
create or replace function public.sync_pull(p_table text, p_after_txid text default null, p_after_id uuid default null, p_limit integer default 200)
returns jsonb
language plpgsql stable
security invoker
set search_path = ''
set timezone = 'UTC'
as $$
declare
  horizon xid8 := pg_snapshot_xmin(pg_current_snapshot());
  after_txid xid8;
  after_id uuid := coalesce(p_after_id, '00000000-0000-0000-0000-000000000000'::uuid);
  page_size integer := least(greatest(coalesce(p_limit, 200), 1), 1000);
  page jsonb;
  blocked boolean;
begin
  if p_table is null or not (p_table = any (private.sync_tables())) then
    raise exception 'Unknown sync table %', coalesce(p_table, 'null') using errcode = '22023', detail = 'unknown_table';
  end if;
  if p_after_txid is not null and p_after_txid !~ '^[0-9]{1,20}$' then
    raise exception 'Invalid checkpoint' using errcode = '22023', detail = 'invalid_checkpoint';
  end if;
  after_txid := coalesce(p_after_txid, '0')::xid8;

  execute format($sql$
    with rows as (
      select t._txid, t.id, to_jsonb(t) - '_txid' - 'locked_txid' as doc
      from public.%I t
      where (t._txid, t.id) > ($1, $2) and t._txid < $3
      order by t._txid, t.id
      limit $4
    ), last_row as (
      select r._txid, r.id from rows r order by r._txid desc, r.id desc limit 1
    )
    select jsonb_build_object(
      'documents', coalesce((select jsonb_agg(r.doc order by r._txid, r.id) from rows r), '[]'::jsonb),
      'checkpoint', (select jsonb_build_object('txid', l._txid::text, 'id', l.id) from last_row l)
    )
  $sql$, p_table)
  into page
  using after_txid, after_id, horizon, page_size;

  execute format('select exists (select 1 from public.%I t where t._txid >= $1 and (t._txid, t.id) > ($2, $3))', p_table)
  into blocked
  using horizon, after_txid, after_id;

  return page || jsonb_build_object('blocked', blocked);
end
$$;

-- A stable reason key for a rejected change, from the error's detail or its SQLSTATE.
create or replace function private.sync_reason(code text, detail text) returns text
language sql immutable
set search_path = ''
as $$
  select coalesce(
    case when detail ~ '^[a-z_]{1,64}$' then detail end,
    case code
      when '42501' then 'forbidden'
      when '23505' then 'duplicate'
      when '23503' then 'missing_reference'
      when '23502' then 'missing_value'
      when '23514' then 'invalid_value'
      when '22P02' then 'invalid_value'
      when '22007' then 'invalid_value'
      when '22008' then 'invalid_value'
      when '22003' then 'invalid_value'
      when '22001' then 'value_too_long'
      when '22023' then 'invalid_value'
      when 'PT422' then 'illegal_status_transition'
      when 'PT423' then 'estimate_locked'
      else 'rejected'
    end)
$$;

-- Applies one change {seq, table, doc, assumed} as the caller; never raises.
create or replace function private.sync_apply_change(change jsonb) returns jsonb
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

    if existing is not null then
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

-- p_changes: [{seq, table, doc, assumed?}], seq increasing per device. Returns
-- {results: [{seq, table, id, status, reason?, code?, message?, server_doc?, duplicate?}], last_seq}.
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
  result jsonb;
  results jsonb := '[]'::jsonb;
  retry jsonb := '[]'::jsonb;
  previous jsonb;
  seq bigint;
  max_seq bigint;
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

  for change in select c from jsonb_array_elements(p_changes) c loop
    seq := (change ->> 'seq')::bigint;
    if seq <= device.last_seq then
      select r into previous from jsonb_array_elements(device.last_results) r where r -> 'seq' = change -> 'seq' limit 1;
      result := coalesce(previous, jsonb_build_object('seq', seq, 'table', change ->> 'table', 'id', change -> 'doc' ->> 'id', 'status', 'applied'))
        || jsonb_build_object('duplicate', true);
      if (change ->> 'table') = any (private.sync_tables()) and coalesce(change -> 'doc' ->> 'id', '') ~* '^[0-9a-f-]{36}$' then
        execute format('select to_jsonb(t) - ''_txid'' - ''locked_txid'' from public.%I t where t.id = $1', change ->> 'table')
          into previous using (change -> 'doc' ->> 'id')::uuid;
        result := result || jsonb_build_object('server_doc', previous);
      end if;
      results := results || jsonb_build_array(result);
      continue;
    end if;
    result := private.sync_apply_change(change);
    -- A child may come before its parent in the same batch: try it again at the end.
    if result ->> 'code' = '23503' then
      retry := retry || jsonb_build_array(change);
    else
      results := results || jsonb_build_array(result);
    end if;
  end loop;
  for change in select c from jsonb_array_elements(retry) c loop
    results := results || jsonb_build_array(private.sync_apply_change(change));
  end loop;

  select max((c ->> 'seq')::bigint) into max_seq from jsonb_array_elements(p_changes) c;
  update public.sync_devices d
    set last_seq = greatest(d.last_seq, coalesce(max_seq, 0)),
        last_results = case when coalesce(max_seq, 0) > d.last_seq
          then coalesce((select jsonb_agg(r - 'server_doc') from jsonb_array_elements(results) r where not (r ? 'duplicate')), '[]'::jsonb)
          else d.last_results end,
        updated_at = now()
    where d.device_id = p_device_id
    returning * into device;

  return jsonb_build_object('results', results, 'last_seq', device.last_seq);
end
$$;

revoke execute on function public.sync_pull(text, text, uuid, integer), public.sync_push(uuid, jsonb) from public, anon;
grant execute on function public.sync_pull(text, text, uuid, integer), public.sync_push(uuid, jsonb) to authenticated;
