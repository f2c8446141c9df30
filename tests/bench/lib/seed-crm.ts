// Seeding for the CRM bench (tests/bench/crm.ts), beside tests/bench/lib/seed.ts: prospects in
// one set-based INSERT, and a spread of the estimates that seed.ts made (statuses, customer
// events, expiry dates, totals), with some requests and customer comments, so the home page
// has something in every widget. Server writes through the backend's own database handle.
import type { TestServer } from '../../../supabase/local/testing/harness';
import type { BenchUser } from './seed';

// 20 × 20 × 25 distinct people and companies, so a search prefix narrows the way a person's
// does ("har" finds Harper… and Harbor…, "harpe" only Harper…).
const FIRST_NAMES = ['Alex', 'Bailey', 'Casey', 'Dana', 'Elliot', 'Frankie', 'Harper', 'Jordan', 'Kendall', 'Logan',
  'Morgan', 'Noel', 'Parker', 'Quinn', 'Riley', 'Sasha', 'Taylor', 'Val', 'Winter', 'Yael'];
const LAST_NAMES = ['Abbott', 'Brennan', 'Castillo', 'Dawson', 'Ellison', 'Fischer', 'Garcia', 'Hoffman', 'Ito', 'Jensen',
  'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Ramirez', 'Sorensen', 'Tanaka', 'Vasquez'];
const COMPANIES = ['Harbor', 'Summit', 'Granite', 'Maple', 'Pioneer', 'Evergreen', 'Lakeside', 'Ironwood', 'Sunrise', 'Westfield',
  'Brightwater', 'Copper', 'Redstone', 'Oakridge', 'Bluebird', 'Northwind', 'Silverline', 'Riverside', 'Cedar', 'Acme',
  'Juniper', 'Kestrel', 'Meridian', 'Orchard', 'Quarry'];

/** Words a search in the bench types, by prefix: first names, last names and companies. */
export const PROSPECT_SEARCH_WORDS = ['harper', 'kowalski', 'summit', 'nakamura', 'quinn', 'meridian', 'castillo', 'brightwater', 'sasha', 'ellison', 'juniper', 'tanaka'];

/**
 * `count` prospects of the organization in one INSERT: every stage (new ones most), every
 * source, half owned by the user, 3 % archived, updated a minute apart (newest first = lowest i).
 * Won and lost ones carry a reason, as the server's rules ask of a client.
 */
export async function seedProspects(server: TestServer, user: BenchUser, count: number): Promise<void> {
  await server.ctx.db.query(
    `insert into public.prospects (org_id, owner_id, first_name, last_name, company, email, phone, status, status_reason, source, archived_at, created_at, updated_at)
     select $1, case when i % 2 = 0 then $2::uuid end,
            ($4::text[])[1 + i % 20], ($5::text[])[1 + (i / 20) % 20], ($6::text[])[1 + (i / 7) % 25] || ' ' || (array['Homes','Builders','Design','Roofing'])[1 + i % 4],
            lower(($4::text[])[1 + i % 20]) || '.' || lower(($5::text[])[1 + (i / 20) % 20]) || i || '@' || lower(($6::text[])[1 + (i / 7) % 25]) || '.example.com',
            '+1 555 ' || lpad((i % 10000)::text, 4, '0'),
            s.status, case when s.status in ('won', 'lost') then 'Bench reason' else '' end,
            (array['manual','request_form','portal','import'])[1 + i % 4],
            case when i % 33 = 0 then now() - interval '1 day' end,
            now() - (i || ' minutes')::interval - interval '1 day', now() - (i || ' minutes')::interval
     from generate_series(1, $3::int) i
     cross join lateral (select (array['new','new','new','contacted','contacted','qualified','qualified','proposal','won','lost'])[1 + i % 10] as status) s`,
    [user.orgId, user.userId, count, FIRST_NAMES, LAST_NAMES, COMPANIES],
  );
}

/**
 * Spreads the organization's estimates over the lifecycle, as a rep's week looks: each status,
 * customer views and decisions, a valid-until date (some this week), a stored total; then
 * `requests` estimate requests and `comments` customer comments. One transaction with
 * session_replication_role = replica, so no per-row trigger rewrites what is set here (as the
 * analytics bench does): a bench data set, not a history the product could have written.
 */
export async function spreadEstimates(server: TestServer, user: BenchUser, options: { requests: number; comments: number }): Promise<void> {
  await server.ctx.db.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    await tx.query(
      `with e as (select id, row_number() over (order by created_at desc, id) as n from public.estimates where org_id = $1),
       s as (select id, n, now() - make_interval(hours => (n * 3)::int) as created,
                    (array['draft','draft','sent','sent','viewed','viewed','changes_requested','accepted','accepted','declined','expired','archived'])[1 + n % 12] as status
             from e)
       update public.estimates t set
         status = s.status,
         created_at = s.created,
         updated_at = s.created + interval '1 hour',
         sent_at = case when s.status <> 'draft' then s.created + interval '2 hours' end,
         viewed_at = case when s.status in ('viewed','changes_requested','accepted','declined') then s.created + interval '5 hours' end,
         last_viewed_at = case when s.status in ('viewed','changes_requested','accepted','declined') then s.created + interval '7 hours' end,
         view_count = case when s.status in ('viewed','changes_requested','accepted','declined') then 1 + s.n % 4 else 0 end,
         changes_requested_at = case when s.status = 'changes_requested' then s.created + interval '8 hours' end,
         accepted_at = case when s.status = 'accepted' then s.created + interval '9 hours' end,
         declined_at = case when s.status = 'declined' then s.created + interval '9 hours' end,
         valid_until = (current_date + ((s.n % 40) - 5)::int),
         total_cents = 50000 + (s.n % 97) * 1234,
         subtotal_cents = 50000 + (s.n % 97) * 1234
       from s where t.id = s.id`,
      [user.orgId],
    );
    await tx.query(
      `insert into public.estimate_requests (org_id, reference, name, email, company, description, source, status, created_at)
       select $1, 'REQ-B' || lpad(i::text, 5, '0'), 'Requester ' || i, 'requester' || i || '@example.com', 'Company ' || (i % 17),
              'A patio and a fence, bench request ' || i, (array['request_form','portal','manual'])[1 + i % 3],
              (array['new','new','in_review','converted','dismissed'])[1 + i % 5], now() - make_interval(hours => i)
       from generate_series(1, $2::int) i`,
      [user.orgId, options.requests],
    );
    await tx.query(
      `insert into public.comments (org_id, estimate_id, author_kind, author_name, body, created_at)
       select $1, e.id, 'customer', 'Customer ' || e.n, 'Looks good, one question about the schedule (' || e.n || ')', now() - make_interval(mins => (e.n * 37)::int)
       from (select id, row_number() over (order by id) as n from public.estimates where org_id = $1 limit $2) e`,
      [user.orgId, options.comments],
    );
  });
}
