-- sync_pull, as in 20261122001100_sync_pull_page.sql (same checkpoint, same rows, same
-- horizon), made cheaper for the initial catch-up of a device:
-- - pages of up to 5000 rows (was 1000): the client grows its page while pages come back
--   full, so a fresh device needs a few dozen requests instead of hundreds;
-- - the page is built as json, not jsonb: each row goes out as `row_to_json` of the
--   replicated columns (the bookkeeping `_txid` and `locked_txid` are left out of the column
--   list instead of being removed from a jsonb value), and the answer is not parsed into
--   jsonb only to be printed again as text. The result type changes, so the function is
--   dropped and created again with the same grants.
drop function if exists public.sync_pull(text, text, uuid, integer);

create function public.sync_pull(p_table text, p_after_txid text default null, p_after_id uuid default null, p_limit integer default 200)
returns json
language plpgsql stable
security invoker
set search_path = ''
set timezone = 'UTC'
as $$
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

revoke execute on function public.sync_pull(text, text, uuid, integer) from public, anon;
grant execute on function public.sync_pull(text, text, uuid, integer) to authenticated;
