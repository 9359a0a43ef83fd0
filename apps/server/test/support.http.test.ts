import { randomUUID } from 'node:crypto';
import { organizationWithOwner } from './support/api';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';
import {
  as,
  freshAddress,
  type Person,
  personWith,
  seedTickets,
  supportOrganization,
  ticketBody,
  ticketsPath,
} from './support/tickets';

describe.each(DATABASES)('support tickets (customer routes) on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { TRUST_PROXY: 'true', PUBLIC_BASE_URL: 'https://control.example.test' });
  });
  afterAll(async () => {
    await t.close();
  });

  const totalCount = async (organizationId: string, who: Person) =>
    (await t.http.get(ticketsPath(organizationId)).set(who.headers).expect(200)).body.total_count as number;

  it('create returns 201 with the detail shape, status open, the first message and no warnings', async () => {
    const { organizationId, owner } = await supportOrganization(t);
    const workspace = await t.http
      .post(`/v1/organizations/${organizationId}/workspaces`)
      .set(owner.headers)
      .send({ name: 'Web' })
      .expect(201);
    const res = await t.http
      .post(ticketsPath(organizationId))
      .set(owner.headers)
      .send(
        ticketBody({
          priority: 'high',
          workspace_id: workspace.body.id,
          context: { error_code: 'E42', page_path: '/apps/web?tab=1', workspace_id: workspace.body.id },
        }),
      )
      .expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      id: expect.any(String),
      number: expect.any(Number),
      subject: 'The deploy button does nothing',
      category: 'technical',
      priority: 'high',
      status: 'open',
      workspace_id: workspace.body.id,
      requester_user_id: owner.userId,
      requester_name: owner.email,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      resolved_at: null,
      closed_at: null,
      last_customer_activity_at: expect.any(String),
      last_operator_activity_at: null,
      context: { error_code: 'E42', page_path: '/apps/web?tab=1', workspace_id: workspace.body.id },
      messages: [
        {
          id: expect.any(String),
          author_kind: 'customer',
          author_name: owner.email,
          body: 'Since this morning, clicking deploy does nothing.',
          redacted: false,
          created_at: expect.any(String),
        },
      ],
      warnings: [],
    });
    const second = await t.http
      .post(ticketsPath(organizationId))
      .set(owner.headers)
      .send(ticketBody())
      .expect(201);
    expect(second.body.priority).toBe('normal');
    expect(second.body.number).toBeGreaterThan(res.body.number);
    // Ids may come in upper case; the ticket shows them as stored.
    const upper = workspace.body.id.toUpperCase();
    const third = await t.http
      .post(ticketsPath(organizationId))
      .set(owner.headers)
      .send(ticketBody({ workspace_id: upper, context: { workspace_id: upper } }))
      .expect(201);
    expect(third.body).toMatchObject({
      workspace_id: workspace.body.id,
      context: { workspace_id: workspace.body.id },
    });

    const got = await t.http
      .get(`${ticketsPath(organizationId)}/${res.body.id}`)
      .set(owner.headers)
      .expect(200);
    expect(got.headers['cache-control']).toBe('no-store');
    const { warnings: _, ...detail } = res.body;
    expect(got.body).toEqual(detail);
  });

  it('emails the opener the ticket number and a link only, and logs no ticket text', async () => {
    const { organizationId, owner } = await supportOrganization(t);
    const res = await t.http
      .post(ticketsPath(organizationId))
      .set(owner.headers)
      .send(ticketBody({ subject: 'Project Nightingale outage', description: 'Nightingale is down' }))
      .expect(201);
    const mail = t.mailer.sent.filter((m) => m.to === owner.email).at(-1);
    expect(mail?.template).toBe('ticket_opened');
    expect(mail?.text).toContain(`#${res.body.number}`);
    expect(mail?.text.split('\n')).toContain(`https://control.example.test/support/tickets/${res.body.id}`);
    expect(`${mail?.subject}\n${mail?.text}`).not.toMatch(/Nightingale/);
    expect(t.logs.join('\n')).not.toMatch(/Nightingale/);
  });

  it('removes control and invisible direction characters before saving', async () => {
    const { organizationId, owner } = await supportOrganization(t);
    const res = await t.http
      .post(ticketsPath(organizationId))
      .set(owner.headers)
      .send(
        ticketBody({
          subject: 'Invoice\u202E fdp.exe\u0007\ud800',
          description: 'line one\n\tline two\u0000\u2066\u200F\u001b[2J\udc00 😀',
          context: { error_text: 'boom\u202D\u0000' },
        }),
      )
      .expect(201);
    expect(res.body.subject).toBe('Invoice fdp.exe');
    expect(res.body.messages[0].body).toBe('line one\n\tline two[2J 😀');
    expect(res.body.context).toEqual({ error_text: 'boom' });
  });

  it('warns possible_secret on create and reply when text looks like a credential, and saves anyway', async () => {
    const { organizationId, owner } = await supportOrganization(t);
    const path = ticketsPath(organizationId);
    const cases: [Record<string, unknown>, string[]][] = [
      [ticketBody({ subject: 'key AKIAIOSFODNN7EXAMPLE fails' }), ['possible_secret']],
      [ticketBody({ description: '-----BEGIN PRIVATE KEY-----\nMIIE...' }), ['possible_secret']],
      [
        ticketBody({ context: { error_text: 'Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc' } }),
        ['possible_secret'],
      ],
      [ticketBody({ description: 'workspace 3f2b8c1e-9a4d-4e6b-8c2f-1a2b3c4d5e6f, commit 1a2b3c4' }), []],
    ];
    let last = '';
    for (const [body, warnings] of cases) {
      const res = await t.http.post(path).set(owner.headers).send(body).expect(201);
      expect(res.body.warnings).toEqual(warnings);
      last = res.body.id;
    }
    const reply = await t.http
      .post(`${path}/${last}/messages`)
      .set(owner.headers)
      .send({ body: 'try token=ghp_1234567890abcdefghijABCDEFGHIJ123456' })
      .expect(200);
    expect(reply.body.warnings).toEqual(['possible_secret']);
    expect(reply.body.messages).toHaveLength(2);
    for (const body of [
      'my password is Summer2024! please reset it',
      'Authorization: Bearer abcdef0123456789abcdef0123',
    ]) {
      const res = await t.http.post(`${path}/${last}/messages`).set(owner.headers).send({ body }).expect(200);
      expect(res.body.warnings).toEqual(['possible_secret']);
    }
    for (const body of ['thanks', 'my password is not working, please reset it']) {
      const plain = await t.http
        .post(`${path}/${last}/messages`)
        .set(owner.headers)
        .send({ body })
        .expect(200);
      expect(plain.body.warnings).toEqual([]);
    }
  });

  it('refuses invalid bodies with 422 naming the field, and writes nothing', async () => {
    const { organizationId, owner } = await supportOrganization(t);
    const other = await supportOrganization(t);
    const foreignWorkspace = await t.http
      .post(`/v1/organizations/${other.organizationId}/workspaces`)
      .set(other.owner.headers)
      .send({ name: 'Theirs' })
      .expect(201);
    const cases: [Record<string, unknown>, string][] = [
      [ticketBody({ subject: '' }), 'subject'],
      [ticketBody({ subject: '   ' }), 'subject'],
      [ticketBody({ subject: 'x'.repeat(201) }), 'subject'],
      [ticketBody({ subject: 'two\nlines' }), 'subject'],
      [ticketBody({ description: '' }), 'description'],
      [ticketBody({ description: 'x'.repeat(20_001) }), 'description'],
      [ticketBody({ category: 'sales' }), 'category'],
      [ticketBody({ priority: 'critical' }), 'priority'],
      [ticketBody({ color: 'red' }), 'color'],
      [{ subject: 'x', description: 'y' }, 'category'],
      [ticketBody({ workspace_id: foreignWorkspace.body.id }), 'workspace_id'],
      [ticketBody({ workspace_id: 'not-a-uuid' }), 'workspace_id'],
      [ticketBody({ context: { workspace_id: foreignWorkspace.body.id } }), 'context.workspace_id'],
      [ticketBody({ context: { organization_id: organizationId } }), 'context.organization_id'],
      [ticketBody({ context: { account_id: organizationId } }), 'context.account_id'],
      [ticketBody({ context: { page_path: '//evil.test/login' } }), 'context.page_path'],
      [ticketBody({ context: { page_path: '/\\evil.test' } }), 'context.page_path'],
      [ticketBody({ context: { page_path: 'https://evil.test/' } }), 'context.page_path'],
      [ticketBody({ context: { page_path: '/with space' } }), 'context.page_path'],
      [ticketBody({ context: { page_path: `/${'p'.repeat(500)}` } }), 'context.page_path'],
      [ticketBody({ context: { error_code: 'e'.repeat(101) } }), 'context.error_code'],
      [ticketBody({ context: { error_text: 'e'.repeat(501) } }), 'context.error_text'],
      [ticketBody({ context: { resource_id: 'r'.repeat(257) } }), 'context.resource_id'],
      [ticketBody({ context: { error_text: 'first\nsecond' } }), 'context.error_text'],
      [ticketBody({ context: { error_code: 42 } }), 'context.error_code'],
      [ticketBody({ context: 'page=/x' }), 'context'],
      // `null` is not absence (docs/decisions.md): only `workspace_id` takes it.
      [ticketBody({ priority: null }), 'priority'],
      [ticketBody({ context: null }), 'context'],
    ];
    for (const [body, field] of cases) {
      const res = await t.http.post(ticketsPath(organizationId)).set(owner.headers).send(body);
      expect({ field, status: res.status }).toEqual({ field, status: 422 });
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await totalCount(organizationId, owner)).toBe(0);
    expect(t.mailer.sent.filter((m) => m.to === owner.email && m.template === 'ticket_opened')).toEqual([]);

    const ok = await t.http
      .post(ticketsPath(organizationId))
      .set(owner.headers)
      .send(ticketBody())
      .expect(201);
    const reply = `${ticketsPath(organizationId)}/${ok.body.id}/messages`;
    for (const body of [
      { body: '' },
      { body: ' \n ' },
      { body: 'x'.repeat(20_001) },
      { body: 'x', extra: 1 },
      {},
    ]) {
      await t.http.post(reply).set(owner.headers).send(body).expect(422);
    }
    const detail = await t.http
      .get(`${ticketsPath(organizationId)}/${ok.body.id}`)
      .set(owner.headers)
      .expect(200);
    expect(detail.body.messages).toHaveLength(1);
    // The limits of the spec, exactly: 200 characters of subject, 20,000 of body.
    const longest = await t.http
      .post(ticketsPath(organizationId))
      .set(owner.headers)
      .send(
        ticketBody({
          subject: 's'.repeat(200),
          description: 'd'.repeat(20_000),
          workspace_id: null,
          context: {
            error_code: 'c'.repeat(100),
            error_text: 't'.repeat(500),
            page_path: `/${'p'.repeat(499)}`,
            resource_id: 'r'.repeat(256),
          },
        }),
      )
      .expect(201);
    expect(longest.body.workspace_id).toBeNull();
    const lengths = Object.fromEntries(
      Object.entries(longest.body.context).map(([key, value]) => [key, (value as string).length]),
    );
    expect(lengths).toEqual({ error_code: 100, error_text: 500, page_path: 500, resource_id: 256 });
  });

  it('takes every body within the character limits, however the client escapes it', async () => {
    const { organizationId, owner } = await supportOrganization(t);
    // As Python's json.dumps writes by default: every non-ASCII UTF-16 unit as \uXXXX (12 bytes per emoji).
    const asciiJson = (value: unknown) =>
      JSON.stringify(value).replace(
        /[\u0080-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
    const send = (path: string, value: unknown) =>
      t.http.post(path).set(owner.headers).set('Content-Type', 'application/json').send(asciiJson(value));
    const created = await send(
      ticketsPath(organizationId),
      ticketBody({
        subject: '😀'.repeat(200),
        description: '😀'.repeat(20_000),
        context: { error_text: '😀'.repeat(500), resource_id: '😀'.repeat(256) },
      }),
    ).expect(201);
    expect([...created.body.messages[0].body]).toHaveLength(20_000);
    expect([...created.body.subject]).toHaveLength(200);
    const path = `${ticketsPath(organizationId)}/${created.body.id}/messages`;
    const replied = await send(path, { body: 'é'.repeat(20_000) }).expect(200);
    expect(replied.body.messages[1].body).toBe('é'.repeat(20_000));
    await send(path, { body: '😀'.repeat(20_001) }).expect(422);
    // Bodies far past anything the spec allows are still refused before they are read.
    const huge = await send(path, { body: 'x'.repeat(1_000_000) }).expect(413);
    expect(huge.body.code).toBe('body_too_large');
  });

  it('answers 401 without a token, 403 without an eligible organization role, 404 for a missing organization', async () => {
    const { organizationId, owner } = await supportOrganization(t);
    const path = ticketsPath(organizationId);
    await t.http.get(path).expect(401);
    await t.http.post(path).send(ticketBody()).expect(401);
    const outsider = await organizationWithOwner(t);
    const denied = await t.http.get(path).set(as(outsider.token)).expect(403);
    expect(denied.body.code).toBe('permission_denied');
    expect(denied.headers['cache-control']).toBe('no-store');
    await t.http.post(path).set(as(outsider.token)).send(ticketBody()).expect(403);

    const workspace = await t.http
      .post(`/v1/organizations/${organizationId}/workspaces`)
      .set(owner.headers)
      .send({ name: 'W' })
      .expect(201);
    const workspaceOnly = await personWith(t, { type: 'workspace', id: workspace.body.id }, 'admin');
    const refused = await t.http.post(path).set(workspaceOnly.headers).send(ticketBody()).expect(403);
    expect(refused.body.code).toBe('no_eligible_organization_role');
    await t.http.get(path).set(workspaceOnly.headers).expect(403);

    const pending = await personWith(t, { type: 'account', id: organizationId }, 'member', 'pending');
    await t.http.get(path).set(pending.headers).expect(403);

    const missing = await t.http.get(ticketsPath(randomUUID())).set(owner.headers).expect(404);
    expect(missing.body.code).toBe('organization_not_found');
    expect(missing.headers['cache-control']).toBe('no-store');
    await t.http.post(ticketsPath(randomUUID())).set(owner.headers).send(ticketBody()).expect(404);
    await t.http.get(`${path}/not-a-uuid`).set(owner.headers).expect(404);
    await t.http.get(`${path}/${randomUUID()}`).set(owner.headers).expect(404);
    await t.http.delete(`${path}/${randomUUID()}`).set(owner.headers).expect(405);
    expect(await totalCount(organizationId, owner)).toBe(0);
  });

  it('refuses machine (M2M) tokens with 403, even for an organization they belong to', async () => {
    const { organizationId, owner } = await supportOrganization(t);
    const workspace = await t.http
      .post(`/v1/organizations/${organizationId}/workspaces`)
      .set(owner.headers)
      .send({ name: 'Machines' })
      .expect(201);
    const client = await t.http
      .post(`/v1/workspaces/${workspace.body.id}/m2m/clients`)
      .set(owner.headers)
      .send({ name: 'ci', scopes: ['secrets:read'] })
      .expect(201);
    const token = await t.http
      .post(`/v1/workspaces/${workspace.body.id}/m2m/token`)
      .send({ client_id: client.body.client_id, client_secret: client.body.client_secret })
      .expect(200);
    const machine = as(token.body.access_token);
    const path = ticketsPath(organizationId);
    expect((await t.http.get(path).set(machine).expect(403)).body.code).toBe('caller_kind_not_allowed');
    await t.http.post(path).set(machine).send(ticketBody()).expect(403);
    expect(await totalCount(organizationId, owner)).toBe(0);
  });

  it('shows each role exactly the tickets the spec allows, on every route, and 404s the rest', async () => {
    const { organizationId, owner } = await supportOrganization(t);
    const scope = { type: 'account' as const, id: organizationId };
    const opener = await personWith(t, scope, 'member');
    const path = ticketsPath(organizationId);
    const byCategory: Record<string, string> = {};
    for (const category of ['billing', 'technical', 'account', 'security', 'other']) {
      const res = await t.http.post(path).set(opener.headers).send(ticketBody({ category })).expect(201);
      byCategory[category] = res.body.id;
    }
    const admin = await personWith(t, scope, 'admin');
    const billingAdmin = await personWith(t, scope, 'billing_admin');
    const partner = await personWith(t, scope, 'partner');
    const expected: [string, Person, string[]][] = [
      ['owner', owner, ['billing', 'technical', 'account', 'security', 'other']],
      ['admin', admin, ['billing', 'technical', 'account', 'other']],
      ['billing_admin', billingAdmin, ['billing']],
      ['writer', await personWith(t, scope, 'writer'), []],
      ['member', await personWith(t, scope, 'member'), []],
      ['partner', partner, []],
      ['opener', opener, ['billing', 'technical', 'account', 'security', 'other']],
    ];
    for (const [label, who, categories] of expected) {
      const list = await t.http.get(`${path}?limit=100`).set(who.headers).expect(200);
      const seen = list.body.items.map((i: { category: string }) => i.category).sort();
      expect({ label, seen }).toEqual({ label, seen: [...categories].sort() });
      expect(list.body.total_count).toBe(categories.length);
      for (const [category, id] of Object.entries(byCategory)) {
        const status = categories.includes(category) ? 200 : 404;
        const got = await t.http.get(`${path}/${id}`).set(who.headers);
        expect({ label, category, status: got.status }).toEqual({ label, category, status });
        if (status === 404) {
          // Invisible tickets cannot be replied to, resolved or closed either, and stay unchanged.
          await t.http.post(`${path}/${id}/messages`).set(who.headers).send({ body: 'hi' }).expect(404);
          await t.http.post(`${path}/${id}/resolve`).set(who.headers).expect(404);
          await t.http.post(`${path}/${id}/close`).set(who.headers).expect(404);
        }
      }
    }
    // Writers, members and partners see, reply to, resolve and close their own tickets.
    const own = await t.http
      .post(path)
      .set(partner.headers)
      .send(ticketBody({ category: 'security' }))
      .expect(201);
    await t.http.get(`${path}/${own.body.id}`).set(partner.headers).expect(200);
    await t.http
      .post(`${path}/${own.body.id}/messages`)
      .set(partner.headers)
      .send({ body: 'more' })
      .expect(200);
    // Admins cannot see a security ticket; Owners can, and anyone who can see it can act on it.
    await t.http.get(`${path}/${own.body.id}`).set(admin.headers).expect(404);
    await t.http.post(`${path}/${own.body.id}/resolve`).set(owner.headers).expect(200);
    await t.http.post(`${path}/${byCategory.billing}/close`).set(billingAdmin.headers).expect(200);
    const untouched = await t.http.get(`${path}/${byCategory.technical}`).set(opener.headers).expect(200);
    expect(untouched.body.messages).toHaveLength(1);
    expect(untouched.body.status).toBe('open');
  });

  it('a ticket of another organization is 404 through this organization, even to its Owner', async () => {
    const a = await supportOrganization(t);
    const b = await supportOrganization(t);
    const ticket = await t.http
      .post(ticketsPath(a.organizationId))
      .set(a.owner.headers)
      .send(ticketBody())
      .expect(201);
    const elsewhere = `${ticketsPath(b.organizationId)}/${ticket.body.id}`;
    await t.http.get(elsewhere).set(b.owner.headers).expect(404);
    await t.http.post(`${elsewhere}/messages`).set(b.owner.headers).send({ body: 'x' }).expect(404);
    await t.http.post(`${elsewhere}/resolve`).set(b.owner.headers).expect(404);
    await t.http.post(`${elsewhere}/close`).set(b.owner.headers).expect(404);
    const list = await t.http.get(ticketsPath(b.organizationId)).set(b.owner.headers).expect(200);
    expect(list.body.items).toEqual([]);
  });

  it('lists most recently updated first with status and category filters, limit, offset and total_count', async () => {
    const { organizationId, owner } = await supportOrganization(t);
    const path = ticketsPath(organizationId);
    const base = Date.now() - 60_000;
    const at = (s: number) => new Date(base + s * 1000);
    const [a] = await seedTickets(t, organizationId, owner.userId, 1, {
      category: 'billing',
      updatedAt: at(1),
    });
    const [b] = await seedTickets(t, organizationId, owner.userId, 1, {
      category: 'technical',
      status: 'resolved',
      updatedAt: at(3),
    });
    const [c] = await seedTickets(t, organizationId, owner.userId, 1, {
      category: 'security',
      status: 'closed',
      updatedAt: at(2),
    });
    const [d] = await seedTickets(t, organizationId, owner.userId, 1, {
      category: 'other',
      status: 'waiting_on_customer',
      updatedAt: at(4),
    });
    const ids = async (query: string) => {
      const res = await t.http.get(`${path}${query}`).set(owner.headers).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return {
        ids: res.body.items.map((i: { id: string }) => i.id),
        total: res.body.total_count,
        limit: res.body.limit,
        offset: res.body.offset,
      };
    };
    expect(await ids('')).toEqual({ ids: [d?.id, b?.id, c?.id, a?.id], total: 4, limit: 25, offset: 0 });
    expect((await ids('?status=open&status=closed')).ids).toEqual([c?.id, a?.id]);
    // Also written comma-separated; an empty value filters nothing.
    expect((await ids('?status=open,closed')).ids).toEqual([c?.id, a?.id]);
    expect(await ids('?status=&category=&limit=&offset=')).toEqual({
      ids: [d?.id, b?.id, c?.id, a?.id],
      total: 4,
      limit: 25,
      offset: 0,
    });
    expect(await ids('?limit=1')).toEqual({ ids: [d?.id], total: 4, limit: 1, offset: 0 });
    expect(await ids('?limit=100&offset=3')).toEqual({ ids: [a?.id], total: 4, limit: 100, offset: 3 });
    expect((await ids('?category=billing&category=other')).ids).toEqual([d?.id, a?.id]);
    expect((await ids('?status=resolved&category=technical')).ids).toEqual([b?.id]);
    expect(await ids('?limit=2&offset=1')).toEqual({ ids: [b?.id, c?.id], total: 4, limit: 2, offset: 1 });
    expect(await ids('?limit=100&offset=100000')).toEqual({ ids: [], total: 4, limit: 100, offset: 100000 });
    // A reply moves a ticket to the top.
    await t.http.post(`${path}/${a?.id}/messages`).set(owner.headers).send({ body: 'bump' }).expect(200);
    expect((await ids('')).ids[0]).toBe(a?.id);

    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=abc', 'limit'],
      ['?offset=-1', 'offset'],
      ['?offset=100001', 'offset'],
      ['?status=pending', 'status'],
      ['?status=open,pending', 'status'],
      ['?limit=1.5', 'limit'],
      ['?category=sales', 'category'],
      ['?sort=asc', 'sort'],
    ]) {
      const res = await t.http.get(`${path}${query}`).set(owner.headers);
      expect({ query, status: res.status }).toEqual({ query, status: 422 });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('client addresses come from the request, so one address cannot pass 30 writes a minute', async () => {
    const { organizationId, owner } = await supportOrganization(t);
    const path = ticketsPath(organizationId);
    const ip = freshAddress();
    const ticket = await t.http.post(path).set(as(owner.token, ip)).send(ticketBody()).expect(201);
    for (let i = 0; i < 29; i++) {
      await t.http
        .post(`${path}/${ticket.body.id}/messages`)
        .set(as(owner.token, ip))
        .send({ body: `n${i}` })
        .expect(200);
    }
    const refused = await t.http
      .post(`${path}/${ticket.body.id}/messages`)
      .set(as(owner.token, ip))
      .send({ body: 'one more' })
      .expect(429);
    expect(refused.body.code).toBe('support_rate_limited');
    expect(refused.body.detail).toMatch(/30 new tickets and replies per client address per minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await t.http.post(path).set(as(owner.token, ip)).send(ticketBody()).expect(429);
    // Another address is not held back; and nothing was written by the refused requests.
    await t.http
      .post(`${path}/${ticket.body.id}/messages`)
      .set(as(owner.token))
      .send({ body: 'elsewhere' })
      .expect(200);
    const detail = await t.http.get(`${path}/${ticket.body.id}`).set(owner.headers).expect(200);
    expect(detail.body.messages).toHaveLength(31);
    expect(await totalCount(organizationId, owner)).toBe(1);
  });
});
