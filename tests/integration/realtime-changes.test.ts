// postgres_changes through the official client: shapes, filters, RLS per subscriber,
// access_token swaps and rows larger than NOTIFY's payload limit, on both backends.
// "Not delivered" is asserted without timing: changes reach a channel in commit order, so
// once a later, visible marker row has arrived, an earlier hidden row would have too.
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../supabase/local/migrate';
import { backendsToTest, createTestClient, startTestServer, type TestServer } from '../../supabase/local/testing/harness';

const backends = await backendsToTest();

type Note = Record<string, unknown>;
type Received = RealtimePostgresChangesPayload<Note>[];

const USER_A = randomUUID();
const USER_B = randomUUID();

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function subscribe(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
}

const rowId = (event: RealtimePostgresChangesPayload<Note>) =>
  ((event.eventType === 'DELETE' ? event.old : event.new) as Note).id;

describe.each(backends)('realtime postgres_changes on %s', (backend) => {
  let server: TestServer;
  const clients: SupabaseClient[] = [];

  const tokenOf = (user: string) => server.ctx.keys.sign({ sub: user, role: 'authenticated', aud: 'authenticated' }, 3600);

  async function sqlRow(id: string): Promise<Note> {
    const { rows } = await server.ctx.db.query<{ row: Note }>('select to_jsonb(t) as row from public.rt_notes t where id = $1', [id]);
    return rows[0]!.row;
  }

  async function insertNote(fields: { owner: string; n?: number; title?: string }): Promise<string> {
    const id = randomUUID();
    await server.ctx.db.query('insert into public.rt_notes (id, owner, n, title) values ($1, $2, $3, $4)', [
      id,
      fields.owner,
      fields.n ?? 0,
      fields.title ?? 'note',
    ]);
    return id;
  }

  /** A client signed in as `user` with one channel on rt_notes; returns what it receives. */
  async function listen(user: string | null, filter?: string) {
    const client = createTestClient(server);
    clients.push(client);
    if (user) await client.realtime.setAuth(await tokenOf(user));
    const received: Received = [];
    const channel = client
      .channel(`notes-${randomUUID()}`, { config: { broadcast: { ack: true } } })
      .on<Note>('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes', ...(filter ? { filter } : {}) }, (payload) =>
        received.push(payload),
      );
    await subscribe(channel);
    const arrival = (id: string, type?: string) =>
      waitFor(`change of ${id}`, () => received.find((e) => rowId(e) === id && (!type || e.eventType === type)));
    return { client, channel, received, arrival };
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    await server.ctx.db.exec(`
      create table public.rt_notes (
        id text primary key,
        owner uuid not null,
        title text not null default '',
        n integer not null default 0,
        price numeric(10, 2) not null default 12.50,
        flags boolean not null default true,
        meta jsonb not null default '{"a": [1, 2]}',
        tags text[] not null default '{x,y}',
        _modified timestamptz not null default now(),
        _deleted boolean not null default false
      );
      alter table public.rt_notes enable row level security;
      create policy rt_notes_owner on public.rt_notes for select to authenticated using (owner = auth.uid());
      alter publication supabase_realtime add table public.rt_notes;
    `);
  });

  afterAll(async () => {
    for (const client of clients) await client.removeAllChannels();
    await server?.close();
  });

  it('delivers INSERT and UPDATE with the row exactly as SQL returns it', async () => {
    const a = await listen(USER_A);
    const id = await insertNote({ owner: USER_A, n: 1, title: 'first' });
    const inserted = await a.arrival(id, 'INSERT');
    expect(inserted).toMatchObject({ schema: 'public', table: 'rt_notes', eventType: 'INSERT', errors: null });
    expect(inserted.new).toEqual(await sqlRow(id));
    expect(inserted.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await server.ctx.db.query("update public.rt_notes set n = 2, title = 'second', _modified = now() where id = $1", [id]);
    const updated = await a.arrival(id, 'UPDATE');
    expect(updated.new).toEqual(await sqlRow(id));
    // Byte for byte what REST returns, key order included.
    const rest = await fetch(`${server.url}/rest/v1/rt_notes?select=*&id=eq.${id}`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${await tokenOf(USER_A)}` },
    });
    expect(JSON.stringify(updated.new)).toBe(JSON.stringify(((await rest.json()) as Note[])[0]));
    expect(updated.new).toMatchObject({ n: 2, title: 'second' });
    // RLS is on, so the old record carries the primary key only.
    expect(updated.old).toEqual({ id });
  });

  it('renders timestamps in UTC whatever the writer’s time zone', async () => {
    const a = await listen(USER_A);
    const id = randomUUID();
    await server.ctx.db.transaction(async (tx) => {
      await tx.query("set local timezone = 'America/Chicago'");
      await tx.query('insert into public.rt_notes (id, owner) values ($1, $2)', [id, USER_A]);
    });
    const event = await a.arrival(id, 'INSERT');
    expect((event.new as Note)._modified).toMatch(/\+00:00$/);
    expect(event.new).toEqual(await sqlRow(id));
  });

  it('delivers DELETE with the primary key only', async () => {
    const a = await listen(USER_A);
    const id = await insertNote({ owner: USER_A });
    await a.arrival(id, 'INSERT');
    await server.ctx.db.query('delete from public.rt_notes where id = $1', [id]);
    const deleted = await a.arrival(id, 'DELETE');
    expect(deleted.old).toEqual({ id });
    expect(deleted.new).toEqual({});
  });

  it('applies an eq filter', async () => {
    const a = await listen(USER_A, 'n=eq.7');
    const other = await insertNote({ owner: USER_A, n: 6 });
    const wanted = await insertNote({ owner: USER_A, n: 7 });
    await a.arrival(wanted, 'INSERT');
    expect(a.received.map(rowId)).not.toContain(other);
    expect(a.received.map((e) => (e.new as Note).n)).toEqual([7]);
  });

  it('never delivers a row that RLS hides from the subscriber', async () => {
    const a = await listen(USER_A);
    const b = await listen(USER_B);
    const anon = await listen(null);
    const ofB = await insertNote({ owner: USER_B, title: 'secret of B' });
    const ofA = await insertNote({ owner: USER_A });
    await a.arrival(ofA, 'INSERT');
    await b.arrival(ofB, 'INSERT');
    expect(a.received.map(rowId)).toEqual([ofA]);
    expect(b.received.map(rowId)).toEqual([ofB]);
    // The anon role has no policy on rt_notes: a later service-role channel proves the
    // changes went out, and anon saw none of them.
    const service = createTestClient(server, server.serviceRoleKey);
    clients.push(service);
    const all: Received = [];
    await subscribe(
      service.channel('service').on<Note>('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p) => all.push(p)),
    );
    const marker = await insertNote({ owner: USER_A });
    await waitFor('service marker', () => all.find((e) => rowId(e) === marker));
    await a.arrival(marker);
    expect(anon.received).toEqual([]);
  });

  it('does not deliver an UPDATE that moves the row out of the subscriber’s view', async () => {
    const a = await listen(USER_A);
    const b = await listen(USER_B);
    const id = await insertNote({ owner: USER_A });
    await a.arrival(id, 'INSERT');
    await server.ctx.db.query('update public.rt_notes set owner = $2, title = $3 where id = $1', [id, USER_B, 'now B’s']);
    const toB = await b.arrival(id, 'UPDATE');
    expect(toB.new).toMatchObject({ owner: USER_B, title: 'now B’s' });
    const marker = await insertNote({ owner: USER_A });
    await a.arrival(marker, 'INSERT');
    expect(a.received.filter((e) => rowId(e) === id).map((e) => e.eventType)).toEqual(['INSERT']);
  });

  it('follows an access_token swap', async () => {
    const a = await listen(USER_A);
    const before = await insertNote({ owner: USER_A });
    await a.arrival(before, 'INSERT');
    await a.client.realtime.setAuth(await tokenOf(USER_B));
    // The server handles a socket's messages in order: once a later acknowledged broadcast
    // is answered, the swap is in.
    expect(await a.channel.send({ type: 'broadcast', event: 'sync', payload: {} })).toBe('ok');
    const ofA = await insertNote({ owner: USER_A });
    const ofB = await insertNote({ owner: USER_B });
    await a.arrival(ofB, 'INSERT');
    expect(a.received.map(rowId)).toEqual([before, ofB]);
    expect(a.received.map(rowId)).not.toContain(ofA);
  });

  it('delivers a row larger than 8 KB whole', async () => {
    const a = await listen(USER_A);
    const title = 'ä'.repeat(6000) + 'x'.repeat(20_000);
    const id = await insertNote({ owner: USER_A, title });
    const event = await a.arrival(id, 'INSERT');
    expect((event.new as Note).title).toBe(title);
    expect(event.new).toEqual(await sqlRow(id));
  });

  it('leaves out columns the subscriber may not select', async () => {
    await server.ctx.db.exec(`
      create table public.rt_priced (id text primary key, owner uuid not null, price numeric not null, cost numeric not null);
      alter table public.rt_priced enable row level security;
      create policy rt_priced_owner on public.rt_priced for select to authenticated using (owner = auth.uid());
      revoke select on public.rt_priced from authenticated;
      grant select (id, owner, price) on public.rt_priced to authenticated;
      alter publication supabase_realtime add table public.rt_priced;
    `);
    const client = createTestClient(server);
    clients.push(client);
    await client.realtime.setAuth(await tokenOf(USER_A));
    const received: Received = [];
    await subscribe(
      client.channel('priced').on<Note>('postgres_changes', { event: '*', schema: 'public', table: 'rt_priced' }, (p) => received.push(p)),
    );
    await server.ctx.db.query('insert into public.rt_priced values ($1, $2, 100, 60)', ['p1', USER_A]);
    const event = await waitFor('priced insert', () => received[0]);
    expect(event.new).toEqual({ id: 'p1', owner: USER_A, price: 100 });
  });

  it('keeps capturing after the platform SQL runs again and stops when a table leaves the publication', async () => {
    await bootstrap(server.ctx.db);
    const a = await listen(USER_A);
    const id = await insertNote({ owner: USER_A });
    await a.arrival(id, 'INSERT');
    const triggers = () =>
      server.ctx.db.query("select 1 from pg_trigger where tgname = '_realtime_capture' and tgrelid = 'public.rt_notes'::regclass");
    expect((await triggers()).rows).toHaveLength(1);
    await server.ctx.db.exec('alter publication supabase_realtime drop table public.rt_notes');
    expect((await triggers()).rows).toHaveLength(0);
    await server.ctx.db.exec('alter publication supabase_realtime add table public.rt_notes');
    expect((await triggers()).rows).toHaveLength(1);
  });
});
