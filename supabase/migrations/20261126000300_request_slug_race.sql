-- Two organizations of the same name created at the same moment (two people signing up as
-- "Sam Seller") both saw the name's slug free and the second insert failed on the unique
-- slug, refusing the sign-up. A transaction-level advisory lock per slug base makes the second
-- wait until the first commits; the check then runs with a new snapshot, sees the committed
-- slug and takes a suffix. Redefined here rather than in 20261125000200 so that databases that
-- applied that migration get the fix too.
create or replace function private.new_request_slug(p_name text) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  base text := private.slugify(p_name);
  candidate text := base;
begin
  if length(base) < 3 then
    base := 'org' || case when base = '' then '' else '-' || base end;
    candidate := base || '-' || substr(encode(extensions.gen_random_bytes(3), 'hex'), 1, 5);
  end if;
  perform pg_advisory_xact_lock(hashtextextended('request_slug:' || base, 0));
  while exists (select 1 from public.organizations o where o.request_slug = candidate) loop
    candidate := base || '-' || substr(encode(extensions.gen_random_bytes(3), 'hex'), 1, 5);
  end loop;
  return candidate;
end
$$;
