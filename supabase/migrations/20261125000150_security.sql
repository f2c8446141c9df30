-- Security hardening (issue 20): members who lose access are signed out, and API roles may
-- execute only the functions they are meant to call.

-- A member who is disabled or removed from an organization is signed out everywhere, as a
-- password change signs out the user's other sessions: every session row goes, so refresh
-- tokens stop working at once and access tokens are refused by the auth service (and run
-- out within JWT_EXPIRY everywhere else). A member of several organizations signs in again
-- and keeps the other memberships.
create or replace function private.sign_out_removed_member() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE'
     or (new.status = 'disabled' and old.status <> 'disabled')
     or (new._deleted and not old._deleted) then
    delete from auth.sessions s where s.user_id = old.user_id;
  end if;
  return null;
end
$$;

create trigger sign_out_removed_member after update of status, _deleted or delete on public.profiles for each row execute function private.sign_out_removed_member();

-- Least privilege. The API exposes schema public only, so a function there is an endpoint:
-- anon and authenticated may execute only the ones granted by name in their migration
-- (supabase/tests/privileges.test.ts keeps the list). The membership and totals helpers
-- that policies and triggers call as the caller live in private, which the API never
-- exposes. From here on a new function is closed until someone grants it: EXECUTE is no
-- longer given to PUBLIC by default, nor (in public) to the API roles as Supabase's default
-- privileges do. Functions added to private stay executable by the API roles, so policies
-- and triggers that run as the caller can use them.
alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke execute on functions from anon, authenticated;
alter default privileges in schema private grant execute on functions to anon, authenticated, service_role;

-- A trigger function needs no EXECUTE grant to fire; calling one through the API is never meant.
do $$
declare
  fn regprocedure;
begin
  for fn in
    select p.oid::regprocedure from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.prorettype = 'trigger'::regtype
  loop
    execute format('revoke execute on function %s from public, anon, authenticated', fn);
  end loop;
end
$$;
