-- Security hardening (issue 20): members who lose access are signed out, and API roles may
-- execute only the functions they are meant to call.

-- A member who is disabled or removed from an organization is signed out everywhere, as a
-- password change signs out the user's other sessions: every session row goes, so refresh
-- tokens stop working at once and access tokens are refused by the auth service (and run
-- out within JWT_EXPIRY everywhere else). A member of several organizations signs in again
-- and keeps the other memberships.
create or replace function private.sign_out_removed_member() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE'
     or (new.status = 'disabled' and old.status <> 'disabled')
     or (new._deleted and not old._deleted) then
    delete from auth.sessions s where s.user_id = old.user_id;
  end if;
  return null;
end
$$;

create trigger sign_out_removed_member after update of status, _deleted or delete on public.profiles
  for each row execute function private.sign_out_removed_member();
