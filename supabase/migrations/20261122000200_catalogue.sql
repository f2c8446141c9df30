-- Customers and the product catalogue: accounts (companies), prospects (people) and products.
-- Tags are one text column, comma-separated (RxDB replicates top-level scalars only).

create or replace function public.default_owner() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.owner_id := coalesce(new.owner_id, auth.uid());
  end if;
  return new;
end
$$;

create table public.accounts (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  industry text not null default '',
  website text not null default '',
  phone text not null default '',
  email text not null default '',
  billing_address text not null default '',
  notes text not null default '',
  owner_id uuid references auth.users (id) on delete set null,
  tags text not null default '',
  like private.replicated_columns including defaults,
  -- An archive mark (20261125000300_crm.sql).
  archived_at timestamptz,
  unique (id, org_id),
  constraint accounts_email_format check (email = '' or (length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')),
  constraint accounts_phone_format check (phone = '' or (length(phone) <= 40 and phone ~ '^[+(]?[0-9][0-9 ().+-]*([ ]?(x|ext\.?)[ ]?[0-9]{1,6})?$'))
);

create table public.prospects (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  first_name text not null default '',
  last_name text not null default '',
  email text not null default '',
  phone text not null default '',
  company text not null default '',
  account_id uuid,
  status text not null default 'new' check (status in ('new', 'contacted', 'qualified', 'proposal', 'won', 'lost')),
  source text not null default 'manual' check (source in ('manual', 'request_form', 'portal', 'import')),
  owner_id uuid references auth.users (id) on delete set null,
  notes text not null default '',
  like private.replicated_columns including defaults,
  -- The pipeline (20261125000300_crm.sql): why a prospect was won or lost, when its status last
  -- changed, its status history (kept by the server: a JSON array in text, since devices
  -- replicate scalar columns only), and an archive mark.
  status_reason text not null default '' check (length(status_reason) <= 500),
  status_changed_at timestamptz,
  status_history text not null default '[]',
  archived_at timestamptz,
  unique (id, org_id),
  foreign key (account_id, org_id) references public.accounts (id, org_id) on delete set null (account_id),
  check (length(first_name || last_name || email || company) > 0),
  constraint prospects_email_format check (email = '' or (length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')),
  constraint prospects_phone_format check (phone = '' or (length(phone) <= 40 and phone ~ '^[+(]?[0-9][0-9 ().+-]*([ ]?(x|ext\.?)[ ]?[0-9]{1,6})?$')),
  constraint prospects_name_length check (length(first_name) <= 100 and length(last_name) <= 100 and length(company) <= 200)
);
create index prospects_account_id_idx on public.prospects (account_id);

create table public.products (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  sku text not null default '',
  name text not null check (length(name) between 1 and 200),
  description text not null default '',
  category text not null default '',
  unit text not null default 'each' check (length(unit) between 1 and 20),
  unit_price_cents bigint not null default 0 check (unit_price_cents >= 0),
  unit_cost_cents bigint check (unit_cost_cents >= 0),
  taxable boolean not null default true,
  active boolean not null default true,
  like private.replicated_columns including defaults,
  unique (id, org_id)
);
create unique index products_sku_per_org on public.products (org_id, sku) where sku <> '' and not _deleted;

create trigger a_default_owner before insert on public.accounts for each row execute function public.default_owner();
create trigger a_default_owner before insert on public.prospects for each row execute function public.default_owner();

select private.setup_replicated_table('public.accounts');
select private.setup_replicated_table('public.prospects');
select private.setup_replicated_table('public.products');
grant insert, update on public.accounts, public.prospects, public.products to authenticated;

select private.add_org_policies('public.accounts', 'accounts', 'sales');
select private.add_org_policies('public.prospects', 'prospects', 'sales');
select private.add_org_policies('public.products', 'products', 'admins');
