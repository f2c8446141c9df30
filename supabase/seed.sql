-- Demo data: Summit Home Services, a home-improvement contractor.
--
-- Demo staff logins (also in supabase/local/demo-logins.ts, printed by `npm start`):
--   owner   owner@summithome.example    Demo-Owner-2026!
--   admin   admin@summithome.example    Demo-Admin-2026!
--   sales   sales@summithome.example    Demo-Sales-2026!
--   viewer  viewer@summithome.example   Demo-Viewer-2026!
--
-- 40 products in 8 categories, 25 accounts, 60 prospects, 150 estimates in every status
-- with items and milestones, plus comments, portals and estimate requests. Numbers,
-- totals and versions come from the schema's triggers. Pseudo-random choices hash a key
-- (pg_temp.rnd), so every load produces the same data on every backend.

-- The sign-up trigger would give each seeded user an organization of their own.
select set_config('cep.skip_signup_org', 'on', false);

create function pg_temp.rnd(key text) returns double precision
language sql immutable
as $$ select ('x' || substr(md5(key), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

-- A stable id shaped like a version 4 UUID (validators such as zod check the version and variant).
create function pg_temp.uuid_of(key text) returns uuid
language sql immutable
as $$ select overlay(overlay(md5('summit-seed:' || key) placing '4' from 13) placing '8' from 17)::uuid $$;

create function pg_temp.seed_id(kind text, n integer) returns uuid
language sql immutable
as $$ select pg_temp.uuid_of(kind || ':' || n) $$;

insert into public.organizations (id, name, address, phone, brand_color, estimate_prefix, default_validity_days, default_tax_rate, default_terms)
values (
  'a1b2c3d4-0000-4000-8000-000000000001',
  'Summit Home Services',
  E'1450 Ridgeline Ave, Suite 200\nDenver, CO 80202',
  '(303) 555-0142',
  '#0f766e',
  'EST-',
  30,
  8.250,
  E'50% deposit due on acceptance, balance due on completion.\nWork is guaranteed for 2 years from completion. Prices valid until the date shown.'
);

create temp table seed_staff (role text, email text, password text, first_name text, last_name text, user_id uuid);
insert into seed_staff values
  ('owner', 'owner@summithome.example', 'Demo-Owner-2026!', 'Olivia', 'Bennett', 'a1b2c3d4-0000-4000-8000-0000000000a1'),
  ('admin', 'admin@summithome.example', 'Demo-Admin-2026!', 'Marcus', 'Reyes', 'a1b2c3d4-0000-4000-8000-0000000000a2'),
  ('sales', 'sales@summithome.example', 'Demo-Sales-2026!', 'Priya', 'Shah', 'a1b2c3d4-0000-4000-8000-0000000000a3'),
  ('viewer', 'viewer@summithome.example', 'Demo-Viewer-2026!', 'Daniel', 'Okafor', 'a1b2c3d4-0000-4000-8000-0000000000a4');

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select '00000000-0000-0000-0000-000000000000', s.user_id, 'authenticated', 'authenticated', s.email,
       extensions.crypt(s.password, extensions.gen_salt('bf', 10)), now(),
       '{"provider":"email","providers":["email"]}'::jsonb,
       jsonb_build_object('first_name', s.first_name, 'last_name', s.last_name),
       now() - interval '200 days', now(), '', '', '', ''
from seed_staff s;

do $$
begin
  if to_regclass('auth.identities') is not null then
    execute $sql$
      insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
      select gen_random_uuid(), s.user_id::text, s.user_id,
             jsonb_build_object('sub', s.user_id::text, 'email', s.email, 'email_verified', true, 'phone_verified', false),
             'email', now(), now() - interval '200 days', now()
      from seed_staff s
    $sql$;
  end if;
end
$$;

insert into public.profiles (org_id, user_id, role, first_name, last_name, email, created_at)
select 'a1b2c3d4-0000-4000-8000-000000000001', s.user_id, s.role, s.first_name, s.last_name, s.email, now() - interval '200 days'
from seed_staff s;

select set_config('cep.skip_signup_org', '', false);

-- Catalogue: category, sku, name, unit, price, cost (null: no cost known), taxable.
insert into public.products (id, org_id, sku, name, description, category, unit, unit_price_cents, unit_cost_cents, taxable, active, created_at)
select pg_temp.seed_id('product', p.n), 'a1b2c3d4-0000-4000-8000-000000000001', p.sku, p.name, p.description, p.category, p.unit,
       p.price, p.cost, p.taxable, p.n <> 37, now() - interval '190 days'
from (values
  (1, 'RF-001', 'Architectural asphalt shingles', 'Class 4 impact-rated, 50-year limited warranty, installed.', 'Roofing', 'sqft', 450, 260, true),
  (2, 'RF-002', 'Synthetic underlayment', 'Breathable synthetic felt under new shingles.', 'Roofing', 'sqft', 85, 40, true),
  (3, 'RF-003', 'Ridge vent', 'Continuous shingle-over ridge ventilation.', 'Roofing', 'lft', 1200, 650, true),
  (4, 'RF-004', 'Aluminum drip edge', 'Pre-finished drip edge at eaves and rakes.', 'Roofing', 'lft', 650, 280, true),
  (5, 'RF-005', 'Roof tear-off and disposal', 'Remove existing layers down to the deck, haul away.', 'Roofing', 'sqft', 150, 80, false),
  (6, 'HV-001', '16 SEER2 heat pump (3 ton)', 'Variable-speed heat pump with matched air handler.', 'HVAC', 'each', 689900, 452000, true),
  (7, 'HV-002', '96% AFUE gas furnace', 'Two-stage furnace, 80,000 BTU, ECM blower.', 'HVAC', 'each', 459900, 298000, true),
  (8, 'HV-003', 'Smart thermostat', 'Wi-Fi thermostat, installed and configured.', 'HVAC', 'each', 34900, 16500, true),
  (9, 'HV-004', 'Ductwork replacement', 'Insulated flex and sheet metal trunk lines.', 'HVAC', 'lft', 4500, 2100, true),
  (10, 'HV-005', 'Annual maintenance plan', 'Two tune-ups a year and priority service.', 'HVAC', 'each', 22900, 6000, false),
  (11, 'PL-001', '50-gallon water heater', 'Gas water heater with expansion tank and haul-away.', 'Plumbing', 'each', 189900, 105000, true),
  (12, 'PL-002', 'Tankless water heater', 'Condensing tankless unit, 199,000 BTU.', 'Plumbing', 'each', 429900, 240000, true),
  (13, 'PL-003', 'PEX repipe', 'Whole-home PEX-A supply lines.', 'Plumbing', 'lft', 1800, 700, true),
  (14, 'PL-004', 'Kitchen faucet installation', 'Customer-supplied or stock pull-down faucet.', 'Plumbing', 'each', 39900, 18000, true),
  (15, 'PL-005', 'Sump pump with battery backup', '1/2 HP pump, check valve, backup system.', 'Plumbing', 'each', 129900, 61000, true),
  (16, 'EL-001', '200A panel upgrade', 'New main panel, breakers and grounding.', 'Electrical', 'each', 329900, 175000, true),
  (17, 'EL-002', 'GFCI outlet', 'Replace or add a GFCI receptacle.', 'Electrical', 'each', 18900, 5500, true),
  (18, 'EL-003', 'Recessed LED light', '6" wafer LED, dimmable, new circuit run included.', 'Electrical', 'each', 21500, 7800, true),
  (19, 'EL-004', 'Level 2 EV charger installation', '48A hardwired charger on a dedicated circuit.', 'Electrical', 'each', 149900, 82000, true),
  (20, 'EL-005', 'Whole-home surge protector', 'Type 2 SPD at the main panel.', 'Electrical', 'each', 44900, 16000, true),
  (21, 'WD-001', 'Double-hung vinyl window', 'Low-E, argon-filled, full-frame installation.', 'Windows & Doors', 'each', 89900, 52000, true),
  (22, 'WD-002', 'Fiberglass entry door', 'Pre-hung fiberglass door with hardware.', 'Windows & Doors', 'each', 279900, 165000, true),
  (23, 'WD-003', 'Sliding patio door', 'Vinyl sliding door, 6 ft, tempered low-E glass.', 'Windows & Doors', 'each', 349900, 210000, true),
  (24, 'WD-004', 'Storm door', 'Full-view storm door with retractable screen.', 'Windows & Doors', 'each', 64900, 33000, true),
  (25, 'WD-005', 'Window trim and caulk', 'Exterior trim wrap and sealant.', 'Windows & Doors', 'lft', 900, 300, true),
  (26, 'PA-001', 'Interior wall painting', 'Two coats, walls only, minor patching.', 'Painting', 'sqft', 350, 140, true),
  (27, 'PA-002', 'Exterior siding painting', 'Power wash, prime bare spots, two coats.', 'Painting', 'sqft', 425, 180, true),
  (28, 'PA-003', 'Cabinet door refinishing', 'Degrease, sand, prime and spray per door.', 'Painting', 'each', 12500, 4500, true),
  (29, 'PA-004', 'Deck stain and seal', 'Clean, brighten and apply semi-transparent stain.', 'Painting', 'sqft', 275, 95, true),
  (30, 'PA-005', 'Drywall repair', 'Patch, tape, texture match.', 'Painting', 'hour', 8500, 3800, false),
  (31, 'LS-001', 'Sod installation', 'Grade, amend soil and lay bluegrass sod.', 'Landscaping', 'sqft', 180, 75, true),
  (32, 'LS-002', 'Paver patio', 'Compacted base, concrete pavers, polymeric sand.', 'Landscaping', 'sqft', 2400, 1300, true),
  (33, 'LS-003', 'Retaining wall', 'Segmental block wall up to 3 ft, per linear foot.', 'Landscaping', 'lft', 6500, 3500, true),
  (34, 'LS-004', 'Irrigation zone', 'Valve, heads and drip line for one zone.', 'Landscaping', 'each', 85000, 38000, true),
  (35, 'LS-005', 'Mulch, installed', 'Shredded cedar mulch per cubic yard.', 'Landscaping', 'each', 9500, 4200, true),
  (36, 'LB-001', 'General labor', 'Skilled labor billed hourly.', 'Labor & Fees', 'hour', 7500, 3800, false),
  (37, 'LB-002', 'Project management', 'Scheduling, coordination and site supervision.', 'Labor & Fees', 'hour', 9500, 4000, false),
  (38, 'LB-003', 'Building permit', 'City permit, passed through at cost.', 'Labor & Fees', 'each', 45000, 45000, false),
  (39, 'LB-004', 'Dumpster rental', '20-yard roll-off, per day.', 'Labor & Fees', 'day', 12500, 8000, true),
  (40, 'LB-005', 'Design consultation', 'On-site design session with a project designer.', 'Labor & Fees', 'hour', 12000, null, false)
) as p (n, sku, name, description, category, unit, price, cost, taxable);

insert into public.accounts (id, org_id, name, industry, website, phone, email, billing_address, notes, owner_id, tags, created_at)
select pg_temp.seed_id('account', a.n), 'a1b2c3d4-0000-4000-8000-000000000001', a.name, a.industry,
       'https://www.' || lower(regexp_replace(a.name, '[^A-Za-z]', '', 'g')) || '.example',
       '(303) 555-' || lpad((1000 + a.n * 37)::text, 4, '0'),
       'office@' || lower(regexp_replace(a.name, '[^A-Za-z]', '', 'g')) || '.example',
       (100 + a.n * 41) || ' ' || (array['Market St', 'Colfax Ave', 'Broadway', 'Pearl St', 'Larimer St'])[1 + a.n % 5]
         || E'\nDenver, CO 802' || lpad((a.n % 40)::text, 2, '0'),
       case when a.n % 4 = 0 then 'Prefers e-mail. Net 30 terms approved.' else '' end,
       case when a.n % 3 = 0 then 'a1b2c3d4-0000-4000-8000-0000000000a1'::uuid else 'a1b2c3d4-0000-4000-8000-0000000000a3'::uuid end,
       a.tags,
       now() - make_interval(days => 180 - a.n * 3)
from (values
  (1, 'Maple Ridge Property Management', 'Property management', 'commercial,repeat'),
  (2, 'Cedar Point HOA', 'Homeowners association', 'hoa'),
  (3, 'Brightwater Apartments', 'Multifamily housing', 'commercial'),
  (4, 'Northside Dental Group', 'Healthcare', 'commercial'),
  (5, 'Harbor View Condominiums', 'Homeowners association', 'hoa,repeat'),
  (6, 'Riverside Family Church', 'Non-profit', 'tax-exempt'),
  (7, 'Oakmont Builders', 'Construction', 'partner'),
  (8, 'Lakeshore Realty', 'Real estate', 'referral'),
  (9, 'Granite Peak Offices', 'Commercial real estate', 'commercial'),
  (10, 'Willow Creek Schools', 'Education', 'tax-exempt,public'),
  (11, 'Pinecrest Senior Living', 'Healthcare', 'commercial'),
  (12, 'Blue Heron Cafe', 'Hospitality', ''),
  (13, 'Summit Valley Vet Clinic', 'Healthcare', ''),
  (14, 'Redwood Storage Co.', 'Storage', 'commercial'),
  (15, 'Foxglove Boutique Hotel', 'Hospitality', 'repeat'),
  (16, 'Ironwood Fitness', 'Fitness', ''),
  (17, 'Meadowbrook Townhomes', 'Homeowners association', 'hoa'),
  (18, 'Sterling Law Partners', 'Legal', ''),
  (19, 'Copperline Brewing', 'Food & beverage', ''),
  (20, 'Evergreen Daycare', 'Education', ''),
  (21, 'Hillcrest Medical Plaza', 'Healthcare', 'commercial'),
  (22, 'Bayside Marina', 'Recreation', ''),
  (23, 'Aspen Grove Rentals', 'Real estate', 'repeat'),
  (24, 'Kingfisher Auto Care', 'Automotive', ''),
  (25, 'Juniper Street Lofts', 'Multifamily housing', 'commercial')
) as a (n, name, industry, tags);

-- 60 people: the first 35 are contacts of accounts, the rest are homeowner leads.
insert into public.prospects (id, org_id, first_name, last_name, email, phone, company, account_id, status, source, owner_id, notes, created_at)
select pg_temp.seed_id('prospect', n), 'a1b2c3d4-0000-4000-8000-000000000001', f.first_name, l.last_name,
       lower(f.first_name || '.' || l.last_name) || n || '@example.com',
       '(720) 555-' || lpad((2000 + n * 53)::text, 4, '0'),
       case when n <= 35 then a.name else '' end,
       case when n <= 35 then a.id end,
       (array['new', 'contacted', 'qualified', 'proposal', 'won', 'lost'])[1 + floor(pg_temp.rnd('prospect-status' || n) * 6)::int],
       (array['manual', 'manual', 'request_form', 'portal', 'import'])[1 + floor(pg_temp.rnd('prospect-source' || n) * 5)::int],
       case when n % 2 = 0 then 'a1b2c3d4-0000-4000-8000-0000000000a3'::uuid else 'a1b2c3d4-0000-4000-8000-0000000000a2'::uuid end,
       case when n % 5 = 0 then 'Best reached after 4 pm.' else '' end,
       now() - make_interval(days => 175 - n * 2)
from generate_series(1, 60) as n
cross join lateral (select (array['James', 'Maria', 'Robert', 'Linda', 'Michael', 'Sarah', 'David', 'Emily', 'Carlos', 'Aisha',
  'Kevin', 'Grace', 'Brian', 'Nina', 'Thomas', 'Hannah', 'Victor', 'Chloe', 'Samuel', 'Lena'])[1 + (n * 7) % 20] as first_name) f
cross join lateral (select (array['Anderson', 'Nguyen', 'Garcia', 'Miller', 'Johnson', 'Patel', 'Kim', 'Lopez', 'Walker', 'Clark',
  'Hughes', 'Foster', 'Ramirez', 'Brooks', 'Sullivan', 'Price', 'Coleman', 'Murphy', 'Diaz', 'Ward'])[1 + (n * 11) % 20] as last_name) l
left join public.accounts a on a.id = pg_temp.seed_id('account', 1 + (n - 1) % 25);

-- 150 estimates, numbered in creation order by the server. Status mix covers every status.
create temp table seed_estimates as
select e,
       pg_temp.seed_id('estimate', e) as id,
       case when e <= 30 then 'draft' when e <= 55 then 'sent' when e <= 75 then 'viewed'
            when e <= 85 then 'changes_requested' when e <= 115 then 'accepted' when e <= 130 then 'declined'
            when e <= 140 then 'expired' else 'archived' end as status,
       floor(pg_temp.rnd('category' || e) * 7)::int as category,
       1 + (e * 7) % 60 as prospect_n,
       now() - make_interval(days => 170 - (e * 17) % 160, hours => (e * 5) % 24) as created_at
from generate_series(1, 150) as e;

insert into public.estimates (
  id, org_id, number, title, account_id, prospect_id, owner_id, status, valid_until, tax_rate, discount_cents,
  notes, terms, sent_at, viewed_at, accepted_at, declined_at, expired_at, archived_at,
  accepted_by_name, accepted_by_email, decline_reason, created_at
)
select s.id, 'a1b2c3d4-0000-4000-8000-000000000001', 'DRAFT-' || upper(substr(md5('draft' || s.e), 1, 8)),
       (array['Roof replacement', 'HVAC system upgrade', 'Water heater replacement', 'Electrical panel upgrade',
               'Window and door replacement', 'Interior and exterior painting', 'Backyard patio and landscaping'])[1 + s.category]
         || ' – ' || coalesce(nullif(p.company, ''), p.first_name || ' ' || p.last_name),
       p.account_id, p.id,
       case when s.e % 4 = 0 then 'a1b2c3d4-0000-4000-8000-0000000000a1'::uuid else 'a1b2c3d4-0000-4000-8000-0000000000a3'::uuid end,
       s.status,
       case when s.status in ('sent', 'viewed', 'changes_requested', 'draft') then current_date + 10 + s.e % 25
            else (s.created_at + interval '30 days')::date end,
       case when p.company in ('Riverside Family Church', 'Willow Creek Schools') then 0 else 8.250 end,
       case when pg_temp.rnd('discount' || s.e) < 0.25 then (5 + floor(pg_temp.rnd('discount-amount' || s.e) * 20)::int) * 1000 else 0 end,
       case when s.e % 6 = 0 then 'Customer asked to schedule work on weekdays only.' else '' end,
       E'50% deposit due on acceptance, balance due on completion.\nWork is guaranteed for 2 years from completion.',
       case when s.status <> 'draft' then s.created_at + interval '1 day' end,
       case when s.status in ('viewed', 'changes_requested', 'accepted', 'declined') then s.created_at + interval '2 days' end,
       case when s.status = 'accepted' or (s.status = 'archived' and s.e % 2 = 0) then s.created_at + interval '5 days' end,
       case when s.status = 'declined' then s.created_at + interval '6 days' end,
       case when s.status = 'expired' then s.created_at + interval '31 days' end,
       case when s.status = 'archived' then s.created_at + interval '60 days' end,
       case when s.status = 'accepted' then p.first_name || ' ' || p.last_name else '' end,
       case when s.status = 'accepted' then p.email else '' end,
       case when s.status = 'declined' then (array['Went with another contractor', 'Budget postponed to next year', 'Price too high'])[1 + s.e % 3] else '' end,
       s.created_at
from seed_estimates s
join public.prospects p on p.id = pg_temp.seed_id('prospect', s.prospect_n)
order by s.created_at, s.e;

-- 2 to 7 items per estimate, mostly from the estimate's category.
insert into public.estimate_items (
  id, org_id, estimate_id, product_id, name, description, quantity, unit, unit_price_cents, unit_cost_cents,
  discount_percent, taxable, optional, selected, sort_order, created_at
)
select pg_temp.uuid_of('item:' || s.e || ':' || i), 'a1b2c3d4-0000-4000-8000-000000000001', s.id, pr.id, pr.name, pr.description,
       case pr.unit
         when 'sqft' then 100 + floor(pg_temp.rnd('qty' || s.e || ':' || i) * 24) * 100
         when 'lft' then 20 + floor(pg_temp.rnd('qty' || s.e || ':' || i) * 28) * 10
         when 'hour' then 2 + floor(pg_temp.rnd('qty' || s.e || ':' || i) * 30) + case when i % 3 = 0 then 0.5 else 0 end
         when 'day' then 1 + floor(pg_temp.rnd('qty' || s.e || ':' || i) * 7)
         else 1 + floor(pg_temp.rnd('qty' || s.e || ':' || i) * 4)
       end,
       pr.unit, pr.unit_price_cents, pr.unit_cost_cents,
       case when pg_temp.rnd('line-discount' || s.e || ':' || i) < 0.15 then 10 when pg_temp.rnd('line-discount' || s.e || ':' || i) < 0.25 then 5 else 0 end,
       pr.taxable,
       i > 2 and pg_temp.rnd('optional' || s.e || ':' || i) < 0.2,
       pg_temp.rnd('selected' || s.e || ':' || i) < 0.5 or not (i > 2 and pg_temp.rnd('optional' || s.e || ':' || i) < 0.2),
       i,
       s.created_at
from seed_estimates s
cross join generate_series(1, 7) as i
join public.products pr on pr.id = pg_temp.seed_id('product',
  case when pg_temp.rnd('other-category' || s.e || ':' || i) < 0.2 then 36 + floor(pg_temp.rnd('labor' || s.e || ':' || i) * 5)::int
       else 1 + s.category * 5 + floor(pg_temp.rnd('product' || s.e || ':' || i) * 5)::int end)
where i <= 2 + floor(pg_temp.rnd('items' || s.e) * 6);

-- The project timeline: 1 to 4 milestones per estimate, progressing on accepted work.
insert into public.milestones (id, org_id, estimate_id, title, description, start_date, end_date, status, visible_to_customer, sort_order, created_at)
select pg_temp.uuid_of('milestone:' || s.e || ':' || m), 'a1b2c3d4-0000-4000-8000-000000000001', s.id,
       (array['Site survey and measurements', 'Materials ordered', 'Installation', 'Final inspection and cleanup'])[m],
       (array['We confirm measurements and site conditions.', 'Materials are ordered and delivery is scheduled.',
              'Our crew completes the installation.', 'Walkthrough with you, permit sign-off and cleanup.'])[m],
       (s.created_at + make_interval(days => 7 + (m - 1) * 7))::date,
       (s.created_at + make_interval(days => 7 + (m - 1) * 7 + 3 + m))::date,
       case when s.status = 'accepted' and (s.created_at + make_interval(days => 7 + (m - 1) * 7 + 3 + m)) < now() then 'done'
            when s.status = 'accepted' and (s.created_at + make_interval(days => 7 + (m - 1) * 7)) < now() then 'in_progress'
            else 'planned' end,
       m <> 2 or s.e % 3 <> 0,
       m,
       s.created_at
from seed_estimates s
cross join generate_series(1, 4) as m
where m <= 1 + floor(pg_temp.rnd('milestones' || s.e) * 4);

insert into public.portals (id, org_id, kind, account_id, prospect_id, name, welcome_message, brand_color, show_all_estimates, allow_requests, created_at)
select pg_temp.seed_id('portal', n), 'a1b2c3d4-0000-4000-8000-000000000001',
       case when n <= 6 then 'customer' else 'prospect' end,
       case when n <= 6 then pg_temp.seed_id('account', n) end,
       case when n > 6 then pg_temp.seed_id('prospect', 34 + n) end,
       case when n <= 6 then a.name || ' project portal' else p.first_name || ' ' || p.last_name || ' – your estimates' end,
       'Welcome! Review your estimates, follow the project timeline and send us your questions here.',
       '', true, n % 3 <> 0, now() - make_interval(days => 100 - n * 5)
from generate_series(1, 9) as n
left join public.accounts a on a.id = pg_temp.seed_id('account', n)
left join public.prospects p on p.id = pg_temp.seed_id('prospect', 34 + n);

insert into public.comments (id, org_id, estimate_id, author_kind, author_user_id, author_prospect_id, author_name, body, internal, created_at)
select pg_temp.uuid_of('comment:' || c), 'a1b2c3d4-0000-4000-8000-000000000001', s.id,
       case when c % 3 = 0 then 'customer' else 'staff' end,
       case when c % 3 = 0 then null when c % 2 = 0 then 'a1b2c3d4-0000-4000-8000-0000000000a3'::uuid else 'a1b2c3d4-0000-4000-8000-0000000000a1'::uuid end,
       case when c % 3 = 0 then p.id end,
       case when c % 3 = 0 then p.first_name || ' ' || p.last_name when c % 2 = 0 then 'Priya Shah' else 'Olivia Bennett' end,
       case when c % 3 = 0 then (array['Could we start a week later than planned?', 'Is the warranty transferable if we sell?',
                                      'Looks good, we will review it with the board on Thursday.'])[1 + c % 3]
            else (array['Called the customer, they want an option without the upgrade.', 'Supplier confirmed pricing through the end of the month.',
                        'Measurements double-checked on site.', 'Sent a reminder about the validity date.'])[1 + c % 4] end,
       c % 3 <> 0 and c % 2 = 1,
       s.created_at + make_interval(days => 2, hours => c % 12)
from generate_series(1, 60) as c
join seed_estimates s on s.e = 31 + (c * 7) % 110
join public.prospects p on p.id = pg_temp.seed_id('prospect', s.prospect_n);

insert into public.estimate_requests (id, org_id, name, email, phone, company, description, desired_start, budget_range, source, portal_id, status, ip_address, user_agent, created_at)
select pg_temp.seed_id('request', r), 'a1b2c3d4-0000-4000-8000-000000000001',
       (array['Jordan Lee', 'Sam Carter', 'Alex Morgan', 'Taylor Brooks', 'Casey Jordan', 'Riley Parker'])[1 + r % 6],
       'request' || r || '@example.com', '(720) 555-' || lpad((3000 + r * 17)::text, 4, '0'),
       case when r % 3 = 0 then 'Brightwater Apartments' else '' end,
       (array['Our roof is leaking after the last hail storm; we need an inspection and a replacement quote.',
              'Looking to replace an old furnace before winter.', 'We would like a quote for a paver patio, about 400 sq ft.',
              'Need an EV charger installed in the garage.'])[1 + r % 4],
       current_date + r * 5,
       (array['Under $5,000', '$5,000 – $15,000', '$15,000 – $50,000', 'Over $50,000'])[1 + r % 4],
       case when r % 4 = 0 then 'portal' else 'request_form' end,
       case when r % 4 = 0 then pg_temp.seed_id('portal', 1) end,
       (array['new', 'in_review', 'converted', 'dismissed'])[1 + r % 4],
       '203.0.113.' || r, 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', now() - make_interval(days => r * 3)
from generate_series(1, 12) as r;

drop table seed_estimates;
drop table seed_staff;
drop function pg_temp.rnd(text);
drop function pg_temp.seed_id(text, integer);
drop function pg_temp.uuid_of(text);
