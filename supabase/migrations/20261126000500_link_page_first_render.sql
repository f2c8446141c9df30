-- The estimate link page is rendered by the server (issue 12: the customer sees the estimate
-- without waiting for the page's script), so the HTML request itself reads the estimate. An
-- e-mail scanner or a link preview fetches that HTML too, and a sales rep must not see
-- "Viewed" because of one: the server's read logs the opening (time, IP, user agent) but counts
-- no view; the page's script, once it runs in the customer's browser, counts it.
--
-- private.open_estimate_link is the body estimate_by_link_token had, with the counting made
-- optional; estimate_by_link_token (the in-app route, the portals) keeps its behaviour.

create or replace function private.open_estimate_link(p_token text, p_count_view boolean) returns jsonb
language plpgsql volatile security definer
set search_path = ''
set timezone = 'UTC'
as $$
declare
  link public.estimate_links;
  e public.estimates;
begin
  link := private.estimate_link_for(p_token);
  if link.id is null then
    return null;
  end if;
  perform private.snapshot_estimate_version(link.estimate_id);
  select * into e from public.estimates est where est.id = link.estimate_id for update;
  insert into public.access_logs (org_id, token_kind, estimate_id, outcome, ip_address, user_agent)
    values (link.org_id, 'estimate', link.estimate_id, 'ok', private.request_ip(), left(private.request_header('user-agent'), 500));
  if p_count_view then
    perform private.count_estimate_link_view(link, e);
  end if;
  return private.customer_estimate(e.id, true);
end
$$;

-- A view by anyone but a member of the estimate's organization: on the link and on the
-- estimate; the first view of a sent estimate marks it viewed.
create or replace function private.count_estimate_link_view(link public.estimate_links, e public.estimates) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if private.is_member(e.org_id) then
    return;
  end if;
  update public.estimate_links l
    set view_count = l.view_count + 1, first_viewed_at = coalesce(l.first_viewed_at, now()), last_viewed_at = now()
    where l.id = link.id;
  update public.estimates est
    set view_count = est.view_count + 1, last_viewed_at = now(),
        status = case when est.status = 'sent' then 'viewed' else est.status end
    where est.id = e.id;
end
$$;

create or replace function public.estimate_by_link_token(p_token text) returns jsonb
language sql volatile security definer
set search_path = ''
as $$
  select private.open_estimate_link(p_token, true)
$$;

-- The server's read for the page's first render: the same answer, logged, no view counted.
create or replace function public.estimate_link_page(p_token text) returns jsonb
language sql volatile security definer
set search_path = ''
as $$
  select private.open_estimate_link(p_token, false)
$$;

-- The page's script counts the view the server's read did not. False for a token that does
-- not open (counted as a failed lookup, like any other).
create or replace function public.record_estimate_link_view(p_token text) returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  link public.estimate_links;
  e public.estimates;
begin
  link := private.estimate_link_for(p_token);
  if link.id is null then
    return false;
  end if;
  select * into e from public.estimates est where est.id = link.estimate_id for update;
  perform private.count_estimate_link_view(link, e);
  return true;
end
$$;

revoke execute on function private.open_estimate_link(text, boolean), private.count_estimate_link_view(public.estimate_links, public.estimates)
  from public, anon, authenticated;
revoke execute on function public.estimate_link_page(text), public.record_estimate_link_view(text) from public;
grant execute on function public.estimate_link_page(text), public.record_estimate_link_view(text) to anon, authenticated;
