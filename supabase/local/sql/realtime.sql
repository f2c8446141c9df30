-- Change capture for the local Realtime server. Hosted Supabase decodes the WAL; here
-- wal_level may be 'replica' (and PGlite has no logical decoding at all), so a row trigger
-- on every table of publication supabase_realtime stores the change and notifies its id.
-- The payload is only the id, so rows larger than NOTIFY's 8000-byte limit still arrive
-- whole: the server reads the row back. Idempotent: runs after bootstrap.sql at every start.

create schema if not exists _realtime;
revoke all on schema _realtime from public;

create table if not exists _realtime.changes (
  id bigserial primary key,
  schema_name text not null,
  table_name text not null,
  type text not null check (type in ('INSERT', 'UPDATE', 'DELETE')),
  record jsonb,
  old_record jsonb,
  committed_at timestamptz not null default now()
);
create index if not exists changes_committed_at_idx on _realtime.changes (committed_at);

-- Security definer: writers are the API roles, which have no access to _realtime.
-- Timestamps are rendered in UTC, as REST renders them, whatever the writer's time zone.
create or replace function _realtime.capture() returns trigger
language plpgsql security definer set search_path = pg_catalog set timezone = 'UTC' as $$
declare
  change_id bigint;
begin
  insert into _realtime.changes (schema_name, table_name, type, record, old_record)
  values (
    tg_table_schema,
    tg_table_name,
    tg_op,
    case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end,
    case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end
  )
  returning id into change_id;
  perform pg_notify('realtime_changes', change_id::text);
  return null;
end
$$;
revoke all on function _realtime.capture() from public;

-- Attaches the capture trigger to every table of the publication and detaches it from
-- tables that left it. Only touches tables whose state differs, so calling it again is a
-- catalogue read.
create or replace function _realtime.sync_triggers() returns void
language plpgsql set search_path = pg_catalog as $$
declare
  target regclass;
begin
  -- Two processes on one database may sync at once.
  perform pg_advisory_xact_lock(7243003);
  for target in
    select c.oid::regclass
    from pg_publication_tables pt
    join pg_namespace n on n.nspname = pt.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
    where pt.pubname = 'supabase_realtime'
      and pt.schemaname not in ('_realtime', 'pg_catalog', 'information_schema')
      and c.relkind = 'r'
      and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = '_realtime_capture')
  loop
    execute format(
      'create trigger _realtime_capture after insert or update or delete on %s for each row execute function _realtime.capture()',
      target
    );
  end loop;

  for target in
    select t.tgrelid::regclass
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where t.tgname = '_realtime_capture'
      and not exists (
        select 1 from pg_publication_tables pt
        where pt.pubname = 'supabase_realtime' and pt.schemaname = n.nspname and pt.tablename = c.relname
      )
  loop
    execute format('drop trigger _realtime_capture on %s', target);
  end loop;
end
$$;
revoke all on function _realtime.sync_triggers() from public;

-- Keeps triggers in step with ALTER PUBLICATION inside the same transaction (a migration
-- that adds a table gets its trigger at once). Event triggers need a superuser; where the
-- connecting user is not one, the server re-syncs when a channel joins instead.
create or replace function _realtime.on_publication_change() returns event_trigger
language plpgsql set search_path = pg_catalog as $$
begin
  perform _realtime.sync_triggers();
end
$$;

do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = '_realtime_publication_sync') then
    create event trigger _realtime_publication_sync on ddl_command_end
      when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'ALTER TABLE', 'CREATE TABLE')
      execute function _realtime.on_publication_change();
  end if;
exception when insufficient_privilege then
  raise notice 'realtime: no event trigger (not a superuser); triggers sync when channels join';
end
$$;
