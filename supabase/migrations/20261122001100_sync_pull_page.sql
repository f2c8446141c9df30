-- sync_pull, as in 20261122000900_sync.sql, with one change: the page's ids are chosen first
-- and only those rows are turned into JSON. The old form built `to_jsonb` for every row the
-- plan read before sorting and limiting, so without good statistics (a fresh or bulk-loaded
-- table) each page cost as much as every remaining row.
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
    with ids as materialized (
      select t._txid, t.id
      from public.%1$I t
      where (t._txid, t.id) > ($1, $2) and t._txid < $3
      order by t._txid, t.id
      limit $4
    )
    select jsonb_build_object(
      'documents', coalesce((
        select jsonb_agg(to_jsonb(t) - '_txid' - 'locked_txid' order by i._txid, i.id)
        from ids i join public.%1$I t on t.id = i.id
      ), '[]'::jsonb),
      'checkpoint', (select jsonb_build_object('txid', i._txid::text, 'id', i.id) from ids i order by i._txid desc, i.id desc limit 1)
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
