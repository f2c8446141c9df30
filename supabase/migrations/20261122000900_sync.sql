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
-- (`assumed`) must equal the row's current columns, except the server-stamped ones. A batch
-- is applied set-based, in runs of changes to one table (private.sync_apply_run), falling
-- back to one change at a time (private.sync_apply_change) only around a change that fails.
--
-- Both functions are SECURITY INVOKER, so row level security decides what a caller reads
-- and writes; timestamps are rendered in UTC so every client sees the same strings.

create table public.sync_devices (
  device_id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  last_seq bigint not null default 0 check (last_seq >= 0),
  -- The answers of the last batch (documents included, up to 8 MB), answered again for a retried batch.
  last_results jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sync_devices_user_id_idx on public.sync_devices (user_id);

alter table public.sync_devices enable row level security;
revoke all on public.sync_devices from anon, authenticated;
grant select, insert, update on public.sync_devices to authenticated;

create policy "Users can view their own devices" on public.sync_devices
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users can register their own devices" on public.sync_devices
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users can update their own devices" on public.sync_devices
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- The replicated tables, in the order a batch is applied (parents before children).
create or replace function private.sync_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array[
    'organizations', 'profiles', 'accounts', 'prospects', 'products', 'estimates',
    'estimate_items', 'milestones', 'estimate_versions', 'portals', 'comments', 'estimate_requests'
  ]
$$;

-- Columns the server stamps: never written from a document, never compared for conflicts.
create or replace function private.sync_server_stamped() returns text[]
language sql immutable set search_path = '' as $$
  select array['_txid', '_modified', 'updated_at', 'created_at', 'locked_txid']
$$;

-- The pull cursor needs (_txid, id) without the organization in front.
create index organizations_sync_cursor_idx on public.organizations (_txid, id);
create index profiles_sync_cursor_idx on public.profiles (_txid, id);
create index accounts_sync_cursor_idx on public.accounts (_txid, id);
create index prospects_sync_cursor_idx on public.prospects (_txid, id);
create index products_sync_cursor_idx on public.products (_txid, id);
create index estimates_sync_cursor_idx on public.estimates (_txid, id);
create index estimate_items_sync_cursor_idx on public.estimate_items (_txid, id);
create index milestones_sync_cursor_idx on public.milestones (_txid, id);
create index estimate_versions_sync_cursor_idx on public.estimate_versions (_txid, id);
create index portals_sync_cursor_idx on public.portals (_txid, id);
create index comments_sync_cursor_idx on public.comments (_txid, id);
create index estimate_requests_sync_cursor_idx on public.estimate_requests (_txid, id);

-- One page of changes after the checkpoint: {documents, checkpoint: {txid, id} | null,
-- blocked}. `blocked` says rows exist that an open transaction still hides (pull again soon).
-- Made cheap for the initial catch-up of a device:
-- - the page's ids are chosen first and only those rows are turned into JSON (building JSON
--   for every row the plan read before sorting and limiting made each page cost as much as
--   every remaining row on a fresh or bulk-loaded table, without good statistics);
-- - pages of up to 5000 rows: the client grows its page while pages come back full, so a
--   fresh device needs a few dozen requests instead of hundreds;
-- - the page is built as json, not jsonb: each row goes out as `row_to_json` of the
--   replicated columns (the bookkeeping `_txid` and `locked_txid` are left out of the column
--   list instead of being removed from a jsonb value), and the answer is not parsed into
--   jsonb only to be printed again as text.
create or replace function public.sync_pull(p_table text, p_after_txid text default null, p_after_id uuid default null, p_limit integer default 200)
returns json
language plpgsql stable security invoker set search_path = '' set timezone = 'UTC' as $$
declare
  horizon xid8 := pg_snapshot_xmin(pg_current_snapshot());
  after_txid xid8;
  after_id uuid := coalesce(p_after_id, '00000000-0000-0000-0000-000000000000'::uuid);
  page_size integer := least(greatest(coalesce(p_limit, 200), 1), 5000);
  columns text;
  page json;
  blocked boolean;
begin
  if p_table is null or not (p_table = any (private.sync_tables())) then
    raise exception 'Unknown sync table %', coalesce(p_table, 'null') using errcode = '22023', detail = 'unknown_table';
  end if;
  if p_after_txid is not null and p_after_txid !~ '^[0-9]{1,20}$' then
    raise exception 'Invalid checkpoint' using errcode = '22023', detail = 'invalid_checkpoint';
  end if;
  after_txid := coalesce(p_after_txid, '0')::xid8;

  -- Rows a transaction still open may yet precede: the client pulls again a little later.
  execute format('select exists (select 1 from public.%I t where t._txid >= $1 and (t._txid, t.id) > ($2, $3))', p_table)
  into blocked
  using horizon, after_txid, after_id;

  select string_agg(format('t.%I', a.attname), ', ' order by a.attnum)
  into columns
  from pg_catalog.pg_attribute a
  where a.attrelid = format('public.%I', p_table)::regclass
    and a.attnum > 0 and not a.attisdropped
    and a.attname not in ('_txid', 'locked_txid');

  execute format($sql$
    with ids as materialized (
      select t._txid, t.id
      from public.%1$I t
      where (t._txid, t.id) > ($1, $2) and t._txid < $3
      order by t._txid, t.id
      limit $4
    )
    select json_build_object(
      'documents', coalesce((
        select json_agg(r order by i._txid, i.id)
        from ids i join public.%1$I t on t.id = i.id
        cross join lateral (select %2$s) r
      ), '[]'::json),
      'checkpoint', (select json_build_object('txid', i._txid::text, 'id', i.id) from ids i order by i._txid desc, i.id desc limit 1),
      'blocked', $5
    )
  $sql$, p_table, columns)
  into page
  using after_txid, after_id, horizon, page_size, blocked;

  return page;
end
$$;

-- A stable reason key for a rejected change, from the error's detail or its SQLSTATE.
create or replace function private.sync_reason(code text, detail text) returns text
language sql immutable set search_path = '' as $$
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

-- Changing an estimate's items recomputes its totals, which updates the estimate after the
-- item rows are locked. Two batches editing items of one estimate would each hold an item
-- and wait for the estimate the other updated (a deadlock): so a change to items locks
-- their estimates first, in one order, as the caller (only estimates it may update).
create or replace function private.sync_lock_parents(p_table text, p_ids uuid[], p_docs jsonb) returns void
language plpgsql set search_path = '' as $$
begin
  if p_table = 'estimate_items' then
    perform 1 from public.estimates e
    where e.id in (
      select i.estimate_id from public.estimate_items i where i.id = any (p_ids)
      union
      select (d ->> 'estimate_id')::uuid from jsonb_array_elements(p_docs) d
      where coalesce(d ->> 'estimate_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
    order by e.id
    for no key update of e;
  end if;
end
$$;

-- Applies one change {seq, table, doc, assumed} as the caller in its own subtransaction;
-- never raises. p_check_conflicts false applies it over whatever the row is now (the second
-- step of a field acceptance, whose conflict check the first step made).
create or replace function private.sync_apply_change(change jsonb, p_check_conflicts boolean default true) returns jsonb
language plpgsql set search_path = '' as $$
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

    perform private.sync_lock_parents(tbl, array[row_id], jsonb_build_array(doc));
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
  exception
    -- A deadlock, or a lock or serialization failure, says nothing about the change: the whole
    -- push fails and the device sends it again, instead of keeping a rejection as final.
    when deadlock_detected or serialization_failure or lock_not_available then
      raise;
    when others then
      get stacked diagnostics err_code = returned_sqlstate, err_message = message_text, err_detail = pg_exception_detail;
      return jsonb_build_object('seq', seq, 'table', tbl, 'id', row_id, 'status', 'rejected',
        'code', err_code, 'reason', private.sync_reason(err_code, err_detail), 'message', err_message);
  end;
end
$$;

-- The columns of a customer's acceptance, withheld from the first step.
create or replace function private.acceptance_columns() returns text[]
language sql immutable set search_path = '' as $$
  select array['status', 'acceptance_sha256', 'accepted_by_name', 'acceptance_signature', 'acceptance_signature_method',
               'accepted_at', 'accepted_by_email', 'acceptance_ip', 'acceptance_user_agent']
$$;

-- The first step of an estimate change that newly accepts with evidence: the document
-- without the acceptance, status as the server has it (draft for a new estimate). Null
-- when the change is not such an acceptance.
create or replace function private.sync_acceptance_first_step(change jsonb) returns jsonb
language plpgsql set search_path = '' as $$
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

-- sync_push applies a batch set-based (a change at a time cost about 6 ms: a
-- subtransaction, four dynamic statements planned anew and a catalogue read for every
-- change, and answers appended to a jsonb array that was copied whole at every append).
-- The batch is cut into runs: consecutive changes to one table (repeats of the last
-- batch and invalid changes answered on the spot do not cut a run). A run is applied in one
-- subtransaction with a handful of statements whatever its length: lock the rows it touches,
-- tell inserts, updates, conflicts and rows the caller sees but may not change apart in one
-- query, write each kind with one statement per set of columns, read the rows back once.
-- If anything in that raises, the subtransaction undoes the run and it is applied again in
-- two halves, down to the per-change path (private.sync_apply_change) for small pieces, so
-- a rejected change is answered exactly as one change at a time would be, and never blocks
-- the others.
--
-- Within a run the changes touch distinct rows of one table, so applying them together
-- gives what applying them one after the other gives; the order of tables is the batch's.
-- A run with one row twice raises and is split until the two are apart.

-- Applies a run of valid changes to one table as the caller; returns their answers in order.
create or replace function private.sync_apply_run(p_table text, p_changes jsonb) returns jsonb
language plpgsql set search_path = '' as $$
declare
  total integer := jsonb_array_length(p_changes);
  half integer;
  table_columns text[];
  ids uuid[];
  existing jsonb;
  plan jsonb;
  grp record;
  list text;
  source_list text;
  written integer;
  applied_ids uuid[];
  docs jsonb;
  answers jsonb;
  change jsonb;
begin
  if total = 0 then
    return '[]'::jsonb;
  end if;
  if total > 1 then
    begin
      ids := array(select (c -> 'doc' ->> 'id')::uuid from jsonb_array_elements(p_changes) c);
      if (select count(distinct x) from unnest(ids) x) <> total then
        raise exception 'A run changes one row twice' using errcode = 'P0001';
      end if;

      select coalesce(array_agg(a.attname::text order by a.attnum), '{}') into table_columns
      from pg_catalog.pg_attribute a
      where a.attrelid = format('public.%I', p_table)::regclass and a.attnum > 0 and not a.attisdropped
        and a.attname::text <> all (private.sync_server_stamped());

      perform private.sync_lock_parents(p_table, ids, (select jsonb_agg(c -> 'doc') from jsonb_array_elements(p_changes) c));
      -- The rows the caller may change, locked in one order (concurrent batches cannot deadlock on it).
      execute format($q$
        select coalesce(jsonb_object_agg(s.id, s.doc), '{}'::jsonb) from (
          select t.id, to_jsonb(t) - '_txid' - 'locked_txid' as doc
          from public.%I t where t.id = any ($1) order by t.id for update of t
        ) s
      $q$, p_table)
      into existing using ids;

      -- Per change: the columns it writes (those of its document, and id), and its kind. A
      -- conflict as in sync_apply_change: a column of `assumed` (or, without it, of the
      -- document) that the change writes differs from the row as it is now, compared as the
      -- column's type renders it. Equal JSON is equal after that round trip too, so the
      -- record is only built for a change whose JSON differs somewhere.
      execute format($q$
        select jsonb_agg(jsonb_build_object('i', e.i, 'id', k.id, 'cols', w.cols, 'kind',
          case
            when x.cur is null then
              case when exists (select 1 from public.%1$I v where v.id = k.id) then 'forbidden' else 'insert' end
            when not d.differs then 'update'
            when exists (
              select 1 from jsonb_object_keys(d.src) key
              where key = any (w.cols) and (b.base -> key) is distinct from (x.cur -> key)
            ) then 'conflict'
            else 'update'
          end) order by e.i)
        -- offset 0 keeps the subqueries x, d and b whole: pulled up, their columns (a row
        -- picked out of the locked rows, a record built) would be computed again for every
        -- key compared.
        from jsonb_array_elements($1) with ordinality e(c, i)
        cross join lateral (select (e.c -> 'doc' ->> 'id')::uuid as id) k
        cross join lateral (select $2 -> k.id::text as cur offset 0) x
        cross join lateral (
          select array_agg(u.col order by u.o) as cols
          from unnest($3::text[]) with ordinality u(col, o)
          where e.c -> 'doc' ? u.col or u.col = 'id'
        ) w
        cross join lateral (
          select s.src, x.cur is not null and exists (
              select 1 from jsonb_each(s.src) kv where kv.key = any (w.cols) and kv.value is distinct from (x.cur -> kv.key)
            ) as differs
          from (select coalesce(case when jsonb_typeof(e.c -> 'assumed') = 'object' then e.c -> 'assumed' end, e.c -> 'doc') as src) s
          offset 0
        ) d
        left join lateral (
          select to_jsonb(jsonb_populate_record(null::public.%1$I, d.src)) as base where d.differs offset 0
        ) b on true
      $q$, p_table)
      into plan using p_changes, existing, table_columns;

      -- One statement per kind and set of columns, in the order of each set's first change.
      for grp in
        select p ->> 'kind' as kind, p -> 'cols' as cols, count(*)::integer as n,
               jsonb_agg(p_changes -> ((p ->> 'i')::integer - 1) -> 'doc' order by (p ->> 'i')::integer) as docs,
               array_agg((p ->> 'id')::uuid) as row_ids
        from jsonb_array_elements(plan) p
        where p ->> 'kind' in ('insert', 'update')
        group by p ->> 'kind', p -> 'cols'
        order by min((p ->> 'i')::integer)
      loop
        select string_agg(format('%I', c), ', '), string_agg(format('r.%I', c), ', ')
          into list, source_list
          from jsonb_array_elements_text(grp.cols) c;
        if grp.kind = 'update' then
          execute format(
            'update public.%1$I t set (%2$s) = row(%3$s) from jsonb_populate_recordset(null::public.%1$I, $1) r where t.id = r.id and t.id = any ($2)',
            p_table, list, source_list)
          using grp.docs, grp.row_ids;
        else
          execute format(
            'insert into public.%1$I (%2$s) select %3$s from jsonb_array_elements($1) with ordinality e(d, o) cross join lateral jsonb_populate_record(null::public.%1$I, e.d) r order by e.o',
            p_table, list, source_list)
          using grp.docs;
        end if;
        get diagnostics written = row_count;
        if written <> grp.n then
          raise exception 'The caller may not change every row of the run' using errcode = '42501';
        end if;
      end loop;

      applied_ids := array(select (p ->> 'id')::uuid from jsonb_array_elements(plan) p where p ->> 'kind' in ('insert', 'update'));
      execute format($q$
        select coalesce(jsonb_object_agg(t.id, to_jsonb(t) - '_txid' - 'locked_txid'), '{}'::jsonb)
        from public.%I t where t.id = any ($1)
      $q$, p_table)
      into docs using applied_ids;

      select jsonb_agg(
        case p ->> 'kind'
          when 'forbidden' then jsonb_build_object('seq', c -> 'seq', 'table', p_table, 'id', p -> 'id', 'status', 'rejected',
            'code', '42501', 'reason', 'forbidden', 'message', 'The caller may not change this row')
          when 'conflict' then jsonb_build_object('seq', c -> 'seq', 'table', p_table, 'id', p -> 'id', 'status', 'conflict',
            'reason', 'changed_on_server', 'server_doc', existing -> (p ->> 'id'))
          else jsonb_build_object('seq', c -> 'seq', 'table', p_table, 'id', p -> 'id', 'status', 'applied',
            'server_doc', docs -> (p ->> 'id'))
        end order by (p ->> 'i')::integer)
      into answers
      from jsonb_array_elements(plan) p
      cross join lateral (select p_changes -> ((p ->> 'i')::integer - 1) as c) x;
      return answers;
    exception
      when deadlock_detected or serialization_failure or lock_not_available then
        raise;
      when others then
        -- Undone; applied again in smaller pieces below.
        null;
    end;
  end if;

  if total <= 4 then
    answers := '[]'::jsonb;
    for change in select c from jsonb_array_elements(p_changes) c loop
      answers := answers || jsonb_build_array(private.sync_apply_change(change));
    end loop;
    return answers;
  end if;
  half := total / 2;
  return private.sync_apply_run(p_table, (select jsonb_agg(c order by i) from jsonb_array_elements(p_changes) with ordinality e(c, i) where i <= half))
      || private.sync_apply_run(p_table, (select jsonb_agg(c order by i) from jsonb_array_elements(p_changes) with ordinality e(c, i) where i > half));
end
$$;

-- The second step of a field acceptance, once every other change of the batch has landed:
-- its answer, with the row as the first step left it when the acceptance is refused.
create or replace function private.sync_apply_acceptance(change jsonb) returns jsonb
language plpgsql set search_path = '' as $$
declare
  result jsonb := private.sync_apply_change(change, false);
  row_doc jsonb;
begin
  if result ->> 'status' = 'rejected' then
    select to_jsonb(e) - '_txid' - 'locked_txid' into row_doc from public.estimates e where e.id = (result ->> 'id')::uuid;
    result := result || jsonb_build_object('server_doc', row_doc);
  end if;
  return result;
end
$$;

-- The device of a batch, locked (batches of one device apply one at a time), once the
-- caller and the batch's shape are checked; a new device is registered to the caller.
create or replace function private.sync_batch_device(p_device_id uuid, p_changes jsonb) returns public.sync_devices
language plpgsql set search_path = '' as $$
declare
  device public.sync_devices;
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
  select * into device from public.sync_devices d where d.device_id = p_device_id for update;
  if device.device_id is null then
    raise exception 'This device is registered to another user' using errcode = '42501', detail = 'device_of_other_user';
  end if;
  return device;
end
$$;

-- Keeps a batch's answers on its device, so that a retried batch gets them again, and
-- returns the push's answer {results, last_seq}.
create or replace function private.sync_finish_batch(p_device public.sync_devices, p_changes jsonb, p_results jsonb) returns jsonb
language plpgsql set search_path = '' as $$
declare
  max_seq bigint;
  kept jsonb;
  last_seq bigint;
begin
  select max((c ->> 'seq')::bigint) into max_seq from jsonb_array_elements(p_changes) c;
  if coalesce(max_seq, 0) > p_device.last_seq then
    -- Every answer of this batch, also those to changes it repeated from the one before.
    kept := coalesce((select jsonb_agg(r - 'duplicate') from jsonb_array_elements(p_results) r), '[]'::jsonb);
    -- A bound for batches of very large rows: past 8 MB the documents are dropped and a
    -- retry is answered from the rows as they are then (private.sync_forgotten_answer).
    if octet_length(kept::text) > 8388608 then
      kept := (select jsonb_agg(r - 'server_doc') from jsonb_array_elements(kept) r);
    end if;
  end if;
  update public.sync_devices d
    set last_seq = greatest(d.last_seq, coalesce(max_seq, 0)),
        last_results = case when coalesce(max_seq, 0) > d.last_seq then kept else d.last_results end,
        updated_at = now()
    where d.device_id = p_device.device_id
    returning d.last_seq into last_seq;
  return jsonb_build_object('results', p_results, 'last_seq', last_seq);
end
$$;

-- A change may carry, instead of the whole state the device last saw (`assumed`), only its
-- fields that differ from `doc` (`assumed_changes`): a device sends about half the bytes. Made
-- whole before anything reads the batch, so the rest of the push sees `assumed` as before.
create or replace function private.sync_whole_changes(p_changes jsonb) returns jsonb
language sql immutable set search_path = '' as $$
  select coalesce(jsonb_agg(
    case when jsonb_typeof(c) <> 'object' then c
      when jsonb_typeof(c -> 'assumed_changes') = 'object' and jsonb_typeof(c -> 'doc') = 'object' and not c ? 'assumed'
      then (c - 'assumed_changes') || jsonb_build_object('assumed', (c -> 'doc') || (c -> 'assumed_changes'))
      else c - 'assumed_changes'
    end order by o), '[]'::jsonb)
  from jsonb_array_elements(p_changes) with ordinality x(c, o)
$$;

-- The answer to a change sent again after a later batch of its device landed (only the last
-- batch's answers are kept): the change was applied, refused or in conflict then, which the
-- server no longer knows, so it answers from the row as the caller reads it now. A row that
-- still holds every column the change writes is answered applied, with the row; any other
-- row as a conflict, with the row, which the device merges against the state it assumed (a
-- plain 'applied' made it record its document as the server's, over a server version it may
-- have skipped meanwhile); no row the caller can read, rejected, so the device keeps its
-- document and shows the failure. Read as the caller: only a row it may read is answered.
create or replace function private.sync_forgotten_answer(change jsonb) returns jsonb
language plpgsql set search_path = '' as $$
declare
  tbl text := change ->> 'table';
  doc jsonb := change -> 'doc';
  answer jsonb;
  current_row jsonb;
  typed jsonb;
  err_code text;
  err_detail text;
begin
  if not (coalesce(tbl, '') = any (private.sync_tables())) or jsonb_typeof(doc) is distinct from 'object'
     or coalesce(doc ->> 'id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    -- Refused as it was the first time, without touching the database.
    return private.sync_apply_change(change);
  end if;
  answer := jsonb_build_object('seq', (change ->> 'seq')::bigint, 'table', tbl, 'id', doc ->> 'id');
  execute format('select to_jsonb(t) - ''_txid'' - ''locked_txid'' from public.%I t where t.id = $1', tbl)
    into current_row using (doc ->> 'id')::uuid;
  if current_row is null then
    return answer || jsonb_build_object('status', 'rejected', 'reason', 'answer_lost',
      'message', 'The answer to this change was lost, and the caller has no such row on the server');
  end if;
  -- Compared as the column's type renders it, server-stamped columns aside (as a conflict is).
  begin
    execute format('select to_jsonb(jsonb_populate_record(null::public.%I, $1))', tbl) into typed using doc;
  exception when others then
    -- A value the column cannot take: refused then, and answered so again.
    get stacked diagnostics err_code = returned_sqlstate, err_detail = pg_exception_detail;
    return answer || jsonb_build_object('status', 'rejected', 'code', err_code, 'reason', private.sync_reason(err_code, err_detail));
  end;
  if exists (
    select 1 from jsonb_object_keys(doc) k
    where current_row ? k and k <> all (private.sync_server_stamped()) and (typed -> k) is distinct from (current_row -> k)
  ) then
    return answer || jsonb_build_object('status', 'conflict', 'reason', 'answer_lost', 'server_doc', current_row);
  end if;
  return answer || jsonb_build_object('status', 'applied', 'server_doc', current_row);
end
$$;

-- p_changes: [{seq, table, doc, assumed? | assumed_changes?}], seq increasing per device. Returns
-- {results: [{seq, table, id, status, reason?, code?, message?, server_doc?, duplicate?}], last_seq}.
-- Answers in batch order, except changes whose parent was missing (23503), tried again after
-- the rest and answered last. An estimate change that newly accepts with evidence lands in
-- two steps: the document without the acceptance in its place, then, after every other
-- change of the batch, the acceptance in its own subtransaction, whose outcome is that
-- change's answer (a refused acceptance is answered rejected, with the row as the first step
-- left it in server_doc). The answers of the last batch are kept whole (server documents
-- included) and a retried batch gets them again, marked duplicate. Only the last batch is
-- kept (a device re-sends only its last unanswered batch), at most 1000 answers and 8 MB of
-- documents; a change of an earlier batch is answered from its row as it is now
-- (private.sync_forgotten_answer), also marked duplicate.
create or replace function public.sync_push(p_device_id uuid, p_changes jsonb)
returns jsonb
language plpgsql security invoker set search_path = '' set timezone = 'UTC' as $$
declare
  device public.sync_devices;
  total integer;
  previous jsonb;
  answers jsonb[];
  retry jsonb := '[]'::jsonb;
  acceptances jsonb := '[]'::jsonb;
  batch jsonb;
  change jsonb;
  k integer;
  slot integer;
  first_step jsonb;
  run_table text;
  run_length integer;
  run jsonb[];
  run_changes jsonb[];
  run_slots integer[];
  run_accepting boolean[];
  run_answers jsonb;
  result jsonb;
  pending jsonb;
  results jsonb;
begin
  device := private.sync_batch_device(p_device_id, p_changes);
  p_changes := private.sync_whole_changes(p_changes);
  total := jsonb_array_length(p_changes);

  -- The last batch's answers by sequence number (the first one of a number, as before). One
  -- kept without its document (past the 8 MB bound) is answered from the row instead, like a
  -- forgotten one: the device needs the server's version of a row it wrote or conflicts with.
  select coalesce(jsonb_object_agg(s.seq, s.r), '{}'::jsonb) into previous
  from (
    select distinct on ((r -> 'seq')::text) (r -> 'seq')::text as seq, r
    from jsonb_array_elements(device.last_results) with ordinality x(r, o)
    order by (r -> 'seq')::text, o
  ) s
  where s.r ->> 'status' = 'rejected' or s.r ? 'server_doc';

  -- answers[k] answers the k-th change of the batch; a change tried again in round 2 leaves
  -- its slot empty and is answered in slot total + (its place in the retry list).
  answers := array_fill(null::jsonb, array[greatest(total, 1)]);

  -- Round 1 takes the batch in order; round 2 the changes whose parent was missing (a
  -- child may come before its parent in the same batch).
  for round in 1..2 loop
    batch := case when round = 1 then p_changes else retry end;
    run_table := null;
    run_length := 0;
    -- The row after the last (change null) applies the last run.
    for change, k in
      select x.c, x.o::integer from jsonb_array_elements(batch) with ordinality x(c, o)
      union all select null::jsonb, jsonb_array_length(batch) + 1
      order by 2
    loop
      slot := case when round = 1 then k else total + k end;
      if change is not null and round = 1 and (change ->> 'seq')::bigint <= device.last_seq then
        answers[slot] := coalesce(previous -> (change -> 'seq')::text, private.sync_forgotten_answer(change))
          || jsonb_build_object('duplicate', true);
        continue;
      end if;
      if change is not null and (
           change ->> 'table' is null or not (change ->> 'table' = any (private.sync_tables()))
           or jsonb_typeof(change -> 'doc') is distinct from 'object'
           or coalesce(change -> 'doc' ->> 'id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') then
        -- Answered rejected without touching the database.
        answers[slot] := private.sync_apply_change(change);
        continue;
      end if;
      if run_length > 0 and (change is null or change ->> 'table' <> run_table) then
        run_answers := private.sync_apply_run(run_table, to_jsonb(run[1:run_length]));
        for j in 1..run_length loop
          result := run_answers -> (j - 1);
          if round = 1 and result ->> 'code' = '23503' then
            retry := retry || jsonb_build_array(run_changes[j]);
            continue;
          end if;
          if run_accepting[j] and result ->> 'status' = 'applied' then
            acceptances := acceptances || jsonb_build_array(jsonb_build_object('slot', run_slots[j], 'change', run_changes[j]));
          end if;
          answers[run_slots[j]] := result;
        end loop;
        run_length := 0;
      end if;
      exit when change is null;
      run_table := change ->> 'table';
      run_length := run_length + 1;
      first_step := private.sync_acceptance_first_step(change);
      -- Assigned by subscript: in place, where appending to a jsonb value copies it.
      run[run_length] := coalesce(first_step, change);
      run_changes[run_length] := change;
      run_slots[run_length] := slot;
      run_accepting[run_length] := first_step is not null;
    end loop;
  end loop;

  -- The acceptances, once every item of the batch has landed.
  for pending in select a from jsonb_array_elements(acceptances) a loop
    answers[(pending ->> 'slot')::integer] := private.sync_apply_acceptance(pending -> 'change');
  end loop;

  results := coalesce(to_jsonb(array_remove(answers, null)), '[]'::jsonb);

  return private.sync_finish_batch(device, p_changes, results);
end
$$;

revoke execute on function public.sync_pull(text, text, uuid, integer), public.sync_push(uuid, jsonb) from public, anon;
grant execute on function public.sync_pull(text, text, uuid, integer), public.sync_push(uuid, jsonb) to authenticated;
