-- Deleting drafts (issue 17, defect 4). A draft that was never sent can be deleted (a soft
-- delete, `_deleted`, as every replicated row); anything a customer may have seen cannot. A
-- deleted estimate that already had its final number leaves a void record, so the gap-free
-- sequence stays explainable: every number is either on an estimate or recorded as void.
-- (Blank drafts never reach the server at all: the device holds them back, sync/blank-draft.ts.)

create table public.voided_estimate_numbers (
  org_id uuid not null references public.organizations (id) on delete cascade,
  number text not null,
  estimate_id uuid not null,
  voided_at timestamptz not null default now(),
  voided_by uuid references auth.users (id) on delete set null,
  primary key (org_id, number)
);
create index voided_estimate_numbers_estimate_id_idx on public.voided_estimate_numbers (estimate_id);
alter table public.voided_estimate_numbers enable row level security;
revoke all on public.voided_estimate_numbers from anon, authenticated;
grant select on public.voided_estimate_numbers to authenticated;

select private.add_org_policies('public.voided_estimate_numbers', 'the voided estimate numbers');

-- Only a never-sent draft may be deleted by a client: still a draft, no sent_at (a sent
-- estimate revised back to draft keeps it) and no version (one is taken when it is sent).
create or replace function private.estimates_delete_rule() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not private.is_client_write() or not new._deleted or (tg_op = 'UPDATE' and old._deleted) then
    return new;
  end if;
  if tg_op = 'UPDATE' and (old.status <> 'draft' or old.sent_at is not null or old.version_number > 0)
     or tg_op = 'INSERT' and (new.status <> 'draft' or new.sent_at is not null) then
    raise exception 'Only a draft that was never sent can be deleted'
      using errcode = 'PT409', detail = 'estimate_not_deletable';
  end if;
  return new;
end
$$;

create trigger c_estimates_delete_rule before insert or update on public.estimates for each row execute function private.estimates_delete_rule();

-- The void record: written when an estimate with a final number is deleted, removed again if
-- the deletion is undone (the number is the estimate's once more).
create or replace function private.estimates_void_number() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new._deleted and (tg_op = 'INSERT' or not old._deleted) and new.number <> '' and new.number is distinct from new.provisional_number then
    insert into public.voided_estimate_numbers (org_id, number, estimate_id, voided_by)
      values (new.org_id, new.number, new.id, auth.uid())
      on conflict (org_id, number) do update set estimate_id = excluded.estimate_id, voided_at = now(), voided_by = excluded.voided_by;
  elsif tg_op = 'UPDATE' and old._deleted and not new._deleted then
    delete from public.voided_estimate_numbers v where v.org_id = new.org_id and v.estimate_id = new.id;
  end if;
  return null;
end
$$;
revoke execute on function private.estimates_void_number() from public, anon, authenticated;
revoke execute on function private.estimates_delete_rule() from public, anon, authenticated;

create trigger d_estimates_void_number after insert or update of _deleted on public.estimates for each row execute function private.estimates_void_number();
