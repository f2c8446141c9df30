-- Rate limits kept in the database, so that they hold on hosted Supabase too (where the local
-- server is absent): one counter row per bucket, client address and time window, never one
-- row per attempt, so a flood cannot grow a table without bound.
--
-- Contract used by the token pages and the public request form:
--   private.rate_limited(bucket, limit, window) → true once the caller's address has used up
--     `limit` hits of `bucket` in the current window (reads only);
--   private.count_hit(bucket, window) → counts one hit for the caller's address;
--   both take a client other than the address as a last argument (a portal, a contact);
--   private.raise_too_many(retry_after_seconds, message) → answers 429 with Retry-After;
--   private.refuse_when_limited(bucket, limit, window, message) → 429 once rate_limited;
--   private.take_hit(bucket, limit, window, message) → refuse_when_limited, then count_hit;
--   private.guard_token_lookup() → 429 after 20 failed token lookups in 10 minutes;
--   private.record_failed_token_lookup() → counts one failed token lookup.

create table if not exists private.rate_counters (
  bucket text not null,
  client text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, client, window_start)
);
create index if not exists rate_counters_window_idx on private.rate_counters (window_start);

-- The start of the fixed window that `at` falls into (windows are aligned to the epoch).
create or replace function private.rate_window_start(p_window interval, p_at timestamptz default now()) returns timestamptz
language sql stable set search_path = '' as $$
  select to_timestamp(floor(extract(epoch from p_at) / extract(epoch from p_window)) * extract(epoch from p_window))
$$;

create or replace function private.rate_limited(p_bucket text, p_limit integer, p_window interval, p_client text default null) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((
    select c.hits >= p_limit from private.rate_counters c
    where c.bucket = p_bucket and c.client = coalesce(p_client, private.request_ip()) and c.window_start = private.rate_window_start(p_window)
  ), false)
$$;

create or replace function private.count_hit(p_bucket text, p_window interval, p_client text default null) returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.rate_counters as c (bucket, client, window_start, hits)
    values (p_bucket, coalesce(p_client, private.request_ip()), private.rate_window_start(p_window), 1)
    on conflict (bucket, client, window_start) do update set hits = c.hits + 1;
  -- Old windows are of no use to anyone; a few at a time keeps the table small.
  delete from private.rate_counters c
    where c.ctid in (select o.ctid from private.rate_counters o where o.window_start < now() - interval '1 day' limit 20);
end
$$;

-- PostgREST's custom error: the status and headers travel in the detail as JSON.
create or replace function private.raise_too_many(p_retry_after_seconds integer, p_message text) returns void
language plpgsql set search_path = '' as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', 'too_many_requests', 'message', p_message)::text,
    detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', p_retry_after_seconds::text))::text;
end
$$;

-- Seconds until the current window ends (the Retry-After of a 429), at least 1.
create or replace function private.seconds_left(p_window interval) returns integer
language sql stable set search_path = '' as $$
  select greatest(1, ceil(extract(epoch from private.rate_window_start(p_window) + p_window - now())))::integer
$$;

create or replace function private.refuse_when_limited(p_bucket text, p_limit integer, p_window interval, p_message text) returns void
language plpgsql set search_path = '' as $$
begin
  if private.rate_limited(p_bucket, p_limit, p_window) then
    perform private.raise_too_many(private.seconds_left(p_window), p_message);
  end if;
end
$$;

-- For limits on what succeeds too (a comment, a request): every new attempt counts.
create or replace function private.take_hit(p_bucket text, p_limit integer, p_window interval, p_message text) returns void
language plpgsql set search_path = '' as $$
begin
  perform private.refuse_when_limited(p_bucket, p_limit, p_window, p_message);
  perform private.count_hit(p_bucket, p_window);
end
$$;

create or replace function private.guard_token_lookup() returns void
language sql set search_path = '' as $$
  select private.refuse_when_limited('token_lookup', 20, interval '10 minutes',
    'Too many attempts with invalid links or codes. Please wait 10 minutes and try again.')
$$;

create or replace function private.record_failed_token_lookup() returns void
language sql set search_path = '' as $$
  select private.count_hit('token_lookup', interval '10 minutes')
$$;

revoke all on private.rate_counters from public, anon, authenticated;
