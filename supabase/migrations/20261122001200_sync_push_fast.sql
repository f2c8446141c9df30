-- sync_push, as in 20261122001000_send_and_accept.sql (same request, same answers), applied
-- set-based. The per-change path cost about 6 ms a change: a subtransaction, four dynamic
-- statements planned anew and a catalogue read for every change, and answers appended to a
-- jsonb array that was copied whole at every append.
--
-- Now the batch is cut into runs: consecutive changes to one table (repeats of the last
-- batch and invalid changes answered on the spot do not cut a run). A run is applied in one
-- subtransaction with a handful of statements whatever its length: lock the rows it touches,
-- tell inserts, updates, conflicts and rows the caller sees but may not change apart in one
-- query, write each kind with one statement per set of columns, read the rows back once.
-- If anything in that raises, the subtransaction undoes the run and it is applied again in
-- two halves, down to the per-change path (private.sync_apply_change) for small pieces, so
-- a rejected change is answered exactly as before and never blocks the others.
--
-- Within a run the changes touch distinct rows of one table, so applying them together
-- gives what applying them one after the other gives; the order of tables is the batch's.
-- A run with one row twice raises and is split until the two are apart.

-- Applies a run of valid changes to one table as the caller; returns their answers in order.
create or replace function private.sync_apply_run(p_table text, p_changes jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
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
    exception when others then
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

-- p_changes: [{seq, table, doc, assumed?}], seq increasing per device. Returns
-- {results: [{seq, table, id, status, reason?, code?, message?, server_doc?, duplicate?}], last_seq}.
-- Answers as 20261122001000_send_and_accept.sql: in batch order, except changes whose parent
-- was missing (23503), tried again after the rest and answered last; an estimate change
-- that newly accepts with evidence lands in two steps, the acceptance after everything
-- else; a retried batch gets the stored answers again, marked duplicate.
create or replace function public.sync_push(p_device_id uuid, p_changes jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
set timezone = 'UTC'
as $$
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
  row_doc jsonb;
  max_seq bigint;
  kept jsonb;
  results jsonb;
begin
  if auth.uid() is null then
    raise exception 'Sign in to sync' using errcode = '42501', detail = 'not_signed_in';
  end if;
  if p_device_id is null or jsonb_typeof(p_changes) is distinct from 'array' then
    raise exception 'sync_push needs a device id and an array of changes' using errcode = '22023', detail = 'invalid_batch';
  end if;
  total := jsonb_array_length(p_changes);
  if total > 1000 then
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

  -- The last batch's answers by sequence number (the first one of a number, as before).
  select coalesce(jsonb_object_agg(s.seq, s.r), '{}'::jsonb) into previous
  from (
    select distinct on ((r -> 'seq')::text) (r -> 'seq')::text as seq, r
    from jsonb_array_elements(device.last_results) with ordinality x(r, o)
    order by (r -> 'seq')::text, o
  ) s;

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
        answers[slot] := coalesce(previous -> (change -> 'seq')::text,
            jsonb_build_object('seq', (change ->> 'seq')::bigint, 'table', change ->> 'table', 'id', change -> 'doc' ->> 'id', 'status', 'applied'))
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
    result := private.sync_apply_change(pending -> 'change', false);
    if result ->> 'status' = 'rejected' then
      select to_jsonb(e) - '_txid' - 'locked_txid' into row_doc from public.estimates e where e.id = (result ->> 'id')::uuid;
      result := result || jsonb_build_object('server_doc', row_doc);
    end if;
    answers[(pending ->> 'slot')::integer] := result;
  end loop;

  results := coalesce(to_jsonb(array_remove(answers, null)), '[]'::jsonb);

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
