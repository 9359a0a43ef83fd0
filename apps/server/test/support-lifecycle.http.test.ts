import { randomUUID } from 'node:crypto';
import { supportLimits } from '@groundfloor/domain';
import { bearer, operator } from './support/api';
import { CONCURRENT_DATABASES, startTestServer, type TestServer } from './support/test-server';
import {
  type Person,
  personWith,
  seedTickets,
  spendLimit,
  supportOrganization,
  ticketBody,
  ticketsPath,
  uow,
} from './support/tickets';

const PLATFORM = 'Skyhook';
const OPS = '/v1/operator/support/tickets';

describe.each(CONCURRENT_DATABASES)('support ticket lifecycle, limits and operator routes on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { TRUST_PROXY: 'true', PLATFORM_NAME: PLATFORM });
  });
  afterAll(async () => {
    await t.close();
  });

  /** An organization, its owner, and one open ticket of theirs. */
  async function openTicket(over: Record<string, unknown> = {}) {
    const { organizationId, owner } = await supportOrganization(t);
    const res = await t.http
      .post(ticketsPath(organizationId))
      .set(owner.headers)
      .send(ticketBody(over))
      .expect(201);
    const path = `${ticketsPath(organizationId)}/${res.body.id}`;
    return { organizationId, owner, id: res.body.id as string, number: res.body.number as number, path };
  }
  const reply = (path: string, who: Person, body = 'more detail') =>
    t.http.post(`${path}/messages`).set(who.headers).send({ body });
  const operatorReply = (id: string, body = 'We are on it') =>
    t.http.post(`${OPS}/${id}/messages`).set(operator).send({ body });
  const statusOf = async (path: string, who: Person) =>
    (await t.http.get(path).set(who.headers).expect(200)).body.status as string;

  describe('the Ticket state table, row by row', () => {
    it('open + reply, operator has not replied yet → open', async () => {
      const { owner, path } = await openTicket();
      const res = await reply(path, owner).expect(200);
      expect(res.body.status).toBe('open');
      expect(res.body.messages.map((m: { author_kind: string }) => m.author_kind)).toEqual([
        'customer',
        'customer',
      ]);
    });

    it('open + reply, operator has replied before → waiting_on_groundfloor', async () => {
      const { organizationId, owner } = await supportOrganization(t);
      const [seeded] = await seedTickets(t, organizationId, owner.userId, 1, {
        operatorRepliedAt: new Date(),
      });
      const res = await reply(`${ticketsPath(organizationId)}/${seeded?.id}`, owner).expect(200);
      expect(res.body.status).toBe('waiting_on_groundfloor');
    });

    it('operator reply on open → waiting_on_customer; customer reply → waiting_on_groundfloor; operator reply → waiting_on_customer', async () => {
      const { owner, id, path } = await openTicket();
      const first = await operatorReply(id).expect(200);
      expect(first.body.status).toBe('waiting_on_customer');
      expect(first.body.messages.at(-1)).toMatchObject({
        author_kind: 'operator',
        author_name: `${PLATFORM} Support`,
      });
      expect((await reply(path, owner).expect(200)).body.status).toBe('waiting_on_groundfloor');
      // waiting_on_groundfloor + reply (operator replied before) stays waiting_on_groundfloor
      expect((await reply(path, owner).expect(200)).body.status).toBe('waiting_on_groundfloor');
      expect((await operatorReply(id).expect(200)).body.status).toBe('waiting_on_customer');
      const detail = await t.http.get(path).set(owner.headers).expect(200);
      expect(detail.body.last_operator_activity_at).not.toBeNull();
    });

    it('waiting_on_customer + reply → waiting_on_groundfloor', async () => {
      const { organizationId, owner } = await supportOrganization(t);
      const [seeded] = await seedTickets(t, organizationId, owner.userId, 1, {
        status: 'waiting_on_customer',
      });
      const res = await reply(`${ticketsPath(organizationId)}/${seeded?.id}`, owner).expect(200);
      expect(res.body.status).toBe('waiting_on_groundfloor');
    });

    it('resolved + reply, operator never replied → open (reopens)', async () => {
      const { owner, path } = await openTicket();
      await t.http.post(`${path}/resolve`).set(owner.headers).expect(200);
      const res = await reply(path, owner).expect(200);
      expect(res.body).toMatchObject({ status: 'open', resolved_at: null });
    });

    it('resolved + reply, operator replied before → waiting_on_groundfloor', async () => {
      const { owner, id, path } = await openTicket();
      await operatorReply(id).expect(200);
      await t.http.post(`${OPS}/${id}/resolve`).set(operator).expect(200);
      expect((await reply(path, owner).expect(200)).body.status).toBe('waiting_on_groundfloor');
    });

    it('resolved + reply is 429 when the organization already has 25 unresolved tickets, and changes nothing', async () => {
      const { organizationId, owner, path } = await openTicket();
      await t.http.post(`${path}/resolve`).set(owner.headers).expect(200);
      await seedTickets(t, organizationId, owner.userId, 25);
      const refused = await reply(path, owner).expect(429);
      expect(refused.body).toMatchObject({ code: 'support_rate_limited' });
      expect(refused.body.detail).toMatch(/25 unresolved tickets per organization/);
      expect(refused.headers['retry-after']).toBeDefined();
      const detail = await t.http.get(path).set(owner.headers).expect(200);
      expect(detail.body.status).toBe('resolved');
      expect(
        detail.body.messages.filter((m: { author_kind: string }) => m.author_kind === 'customer'),
      ).toHaveLength(1);
    });

    it('resolve and close take no body: a field is 422 naming it, and the ticket is unchanged', async () => {
      const { id, owner, path } = await openTicket();
      for (const [route, who] of [
        [`${path}/resolve`, owner.headers],
        [`${path}/close`, owner.headers],
        [`${OPS}/${id}/resolve`, operator],
      ] as const) {
        const refused = await t.http.post(route).set(who).send({ status: 'closed' }).expect(422);
        expect(refused.body).toMatchObject({
          code: 'validation_failed',
          errors: [{ field: 'status', message: 'unknown field' }],
        });
      }
      const scalar = await t.http.post(`${path}/close`).set(owner.headers).type('json').send('5').expect(422);
      expect(scalar.body.code).toBe('invalid_body');
      expect(await statusOf(path, owner)).toBe('open');
      await t.http.post(`${path}/resolve`).set(owner.headers).send({}).expect(200);
      expect(await statusOf(path, owner)).toBe('resolved');
    });

    it('closed + reply → 409 ticket_closed, nothing added', async () => {
      const { owner, path } = await openTicket();
      await t.http.post(`${path}/close`).set(owner.headers).expect(200);
      const res = await reply(path, owner).expect(409);
      expect(res.body.code).toBe('ticket_closed');
      expect((await t.http.get(path).set(owner.headers)).body.messages).toHaveLength(2);
    });

    it.each(['open', 'waiting_on_groundfloor', 'waiting_on_customer'] as const)(
      '%s + resolve → resolved with a system message',
      async (status) => {
        const { organizationId, owner } = await supportOrganization(t);
        const [seeded] = await seedTickets(t, organizationId, owner.userId, 1, { status });
        const res = await t.http
          .post(`${ticketsPath(organizationId)}/${seeded?.id}/resolve`)
          .set(owner.headers)
          .expect(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body.status).toBe('resolved');
        expect(res.body.resolved_at).not.toBeNull();
        expect(res.body.messages.at(-1)).toMatchObject({
          author_kind: 'system',
          author_name: null,
          redacted: false,
        });
      },
    );

    it('resolved + resolve → resolved, no change', async () => {
      const { owner, path } = await openTicket();
      const first = await t.http.post(`${path}/resolve`).set(owner.headers).expect(200);
      const again = await t.http.post(`${path}/resolve`).set(owner.headers).expect(200);
      expect(again.body).toEqual(first.body);
    });

    it('closed + resolve → 409 ticket_closed', async () => {
      const { owner, path } = await openTicket();
      await t.http.post(`${path}/close`).set(owner.headers).expect(200);
      expect((await t.http.post(`${path}/resolve`).set(owner.headers).expect(409)).body.code).toBe(
        'ticket_closed',
      );
      expect(await statusOf(path, owner)).toBe('closed');
    });

    it.each(['open', 'waiting_on_groundfloor', 'waiting_on_customer', 'resolved'] as const)(
      '%s + close → closed with a system message',
      async (status) => {
        const { organizationId, owner } = await supportOrganization(t);
        const [seeded] = await seedTickets(t, organizationId, owner.userId, 1, { status });
        const res = await t.http
          .post(`${ticketsPath(organizationId)}/${seeded?.id}/close`)
          .set(owner.headers)
          .expect(200);
        expect(res.body.status).toBe('closed');
        expect(res.body.closed_at).not.toBeNull();
        expect(res.body.messages.at(-1)).toMatchObject({ author_kind: 'system', author_name: null });
      },
    );

    it('closed + close → closed, no change; closed is final for the operator too', async () => {
      const { owner, id, path } = await openTicket();
      const first = await t.http.post(`${path}/close`).set(owner.headers).expect(200);
      const again = await t.http.post(`${path}/close`).set(owner.headers).expect(200);
      expect(again.body).toEqual(first.body);
      expect((await operatorReply(id).expect(409)).body.code).toBe('ticket_closed');
      expect((await t.http.post(`${OPS}/${id}/resolve`).set(operator).expect(409)).body.code).toBe(
        'ticket_closed',
      );
      await t.http.patch(`${OPS}/${id}`).set(operator).send({ priority: 'urgent' }).expect(409);
      expect((await t.http.get(path).set(owner.headers)).body).toEqual(first.body);
    });

    it.each(['open', 'waiting_on_groundfloor', 'waiting_on_customer'] as const)(
      'operator resolves %s → resolved with a system message and an email',
      async (status) => {
        const { organizationId, owner } = await supportOrganization(t);
        const [seeded] = await seedTickets(t, organizationId, owner.userId, 1, { status });
        const res = await t.http.post(`${OPS}/${seeded?.id}/resolve`).set(operator).expect(200);
        expect(res.body).toMatchObject({ status: 'resolved', organization_id: organizationId });
        expect(res.body.messages.at(-1)).toMatchObject({ author_kind: 'system', author_name: null });
        expect(t.mailer.sent.at(-1)).toMatchObject({ to: owner.email, template: 'ticket_operator_resolved' });
        const mails = t.mailer.sent.length;
        await t.http.post(`${OPS}/${seeded?.id}/resolve`).set(operator).expect(200);
        expect(t.mailer.sent.length).toBe(mails);
      },
    );
  });

  describe('timestamps', () => {
    /** Each step gets its own millisecond, so "moved" is visible. */
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    type Times = Record<
      | 'created_at'
      | 'updated_at'
      | 'resolved_at'
      | 'closed_at'
      | 'last_customer_activity_at'
      | 'last_operator_activity_at',
      string | null
    >;
    const times = (body: Times): Times => ({
      created_at: body.created_at,
      updated_at: body.updated_at,
      resolved_at: body.resolved_at,
      closed_at: body.closed_at,
      last_customer_activity_at: body.last_customer_activity_at,
      last_operator_activity_at: body.last_operator_activity_at,
    });

    it('every change moves updated_at and the activity of whoever acted; the no-change rows move nothing', async () => {
      const { organizationId, owner, id, path } = await openTicket();
      const opened = (await t.http.get(path).set(owner.headers).expect(200)).body;
      const t0 = opened.created_at as string;
      expect(times(opened)).toEqual({
        created_at: t0,
        updated_at: t0,
        resolved_at: null,
        closed_at: null,
        last_customer_activity_at: t0,
        last_operator_activity_at: null,
      });
      expect(opened.messages[0].created_at).toBe(t0);

      await tick();
      const replied = (await reply(path, owner).expect(200)).body;
      const t1 = replied.updated_at as string;
      expect(t1 > t0).toBe(true);
      expect(times(replied)).toEqual({ ...times(opened), updated_at: t1, last_customer_activity_at: t1 });
      expect(replied.messages.at(-1).created_at).toBe(t1);

      await tick();
      const answered = (await operatorReply(id).expect(200)).body;
      const t2 = answered.updated_at as string;
      expect(t2 > t1).toBe(true);
      expect(times(answered)).toEqual({ ...times(replied), updated_at: t2, last_operator_activity_at: t2 });

      await tick();
      const prioritised = (
        await t.http.patch(`${OPS}/${id}`).set(operator).send({ priority: 'high' }).expect(200)
      ).body;
      const t3 = prioritised.updated_at as string;
      expect(t3 > t2).toBe(true);
      expect(times(prioritised)).toEqual({
        ...times(answered),
        updated_at: t3,
        last_operator_activity_at: t3,
      });
      // The same priority again is no change.
      const same = (await t.http.patch(`${OPS}/${id}`).set(operator).send({ priority: 'high' }).expect(200))
        .body;
      expect(times(same)).toEqual(times(prioritised));

      await tick();
      const resolved = (await t.http.post(`${path}/resolve`).set(owner.headers).expect(200)).body;
      const t4 = resolved.updated_at as string;
      expect(t4 > t3).toBe(true);
      expect(times(resolved)).toEqual({
        ...times(prioritised),
        updated_at: t4,
        resolved_at: t4,
        last_customer_activity_at: t4,
      });
      await tick();
      const again = (await t.http.post(`${path}/resolve`).set(owner.headers).expect(200)).body;
      expect(times(again)).toEqual(times(resolved));
      const operatorAgain = (await t.http.post(`${OPS}/${id}/resolve`).set(operator).expect(200)).body;
      expect(times(operatorAgain)).toEqual(times(resolved));

      // A reopening reply clears resolved_at (docs/decisions.md, Support).
      await tick();
      const reopened = (await reply(path, owner).expect(200)).body;
      const t5 = reopened.updated_at as string;
      expect(reopened.status).toBe('waiting_on_groundfloor');
      expect(times(reopened)).toEqual({
        ...times(resolved),
        updated_at: t5,
        resolved_at: null,
        last_customer_activity_at: t5,
      });

      await tick();
      const operatorResolved = (await t.http.post(`${OPS}/${id}/resolve`).set(operator).expect(200)).body;
      const t6 = operatorResolved.updated_at as string;
      expect(times(operatorResolved)).toEqual({
        ...times(reopened),
        updated_at: t6,
        resolved_at: t6,
        last_operator_activity_at: t6,
      });

      await tick();
      const redacted = (
        await t.http.post(`${OPS}/${id}/redact`).set(operator).send({ subject: true }).expect(200)
      ).body;
      const t7 = redacted.updated_at as string;
      expect(times(redacted)).toEqual({
        ...times(operatorResolved),
        updated_at: t7,
        last_operator_activity_at: t7,
      });

      // Closing a resolved ticket keeps when it was resolved.
      await tick();
      const closed = (await t.http.post(`${path}/close`).set(owner.headers).expect(200)).body;
      const t8 = closed.updated_at as string;
      expect(times(closed)).toEqual({
        ...times(redacted),
        updated_at: t8,
        closed_at: t8,
        last_customer_activity_at: t8,
      });
      await tick();
      const closedAgain = (await t.http.post(`${path}/close`).set(owner.headers).expect(200)).body;
      expect(times(closedAgain)).toEqual(times(closed));
      await reply(path, owner).expect(409);
      await t.http.post(`${path}/resolve`).set(owner.headers).expect(409);
      await t.http.patch(`${OPS}/${id}`).set(operator).send({ priority: 'low' }).expect(409);
      const final = (await t.http.get(path).set(owner.headers).expect(200)).body;
      expect(times(final)).toEqual(times(closed));
      const list = (await t.http.get(ticketsPath(organizationId)).set(owner.headers).expect(200)).body;
      expect(times(list.items[0])).toEqual(times(closed));
      // Messages oldest first, each stamped with the change that wrote it.
      expect(
        final.messages.map((m: { author_kind: string; created_at: string }) => [m.author_kind, m.created_at]),
      ).toEqual([
        ['customer', t0],
        ['customer', t1],
        ['operator', t2],
        ['system', t4],
        ['customer', t5],
        ['system', t6],
        ['system', t8],
      ]);
    });

    it('the list follows updated_at: any change, by the operator too, brings a ticket to the top', async () => {
      const { organizationId, owner } = await supportOrganization(t);
      const path = ticketsPath(organizationId);
      const open = async (subject: string) => {
        await tick();
        return (await t.http.post(path).set(owner.headers).send(ticketBody({ subject })).expect(201)).body
          .id as string;
      };
      const a = await open('A');
      const b = await open('B');
      const c = await open('C');
      const order = async () =>
        (await t.http.get(path).set(owner.headers).expect(200)).body.items.map(
          (i: { subject: string }) => i.subject,
        );
      expect(await order()).toEqual(['C', 'B', 'A']);
      await tick();
      await t.http.patch(`${OPS}/${a}`).set(operator).send({ priority: 'urgent' }).expect(200);
      expect(await order()).toEqual(['A', 'C', 'B']);
      await tick();
      await operatorReply(b).expect(200);
      expect(await order()).toEqual(['B', 'A', 'C']);
      await tick();
      await t.http.post(`${path}/${c}/close`).set(owner.headers).expect(200);
      expect(await order()).toEqual(['C', 'B', 'A']);
      await tick();
      await reply(`${path}/${a}`, owner).expect(200);
      expect(await order()).toEqual(['A', 'C', 'B']);
      // The no-change rows leave the order as it is.
      await tick();
      await t.http.post(`${path}/${c}/close`).set(owner.headers).expect(200);
      expect(await order()).toEqual(['A', 'C', 'B']);
    });
  });

  describe('limits', () => {
    it('5 new tickets per person per hour; refused attempts and invalid bodies count nothing', async () => {
      const { organizationId, owner } = await supportOrganization(t);
      const path = ticketsPath(organizationId);
      for (let i = 0; i < 3; i++)
        await t.http
          .post(path)
          .set(owner.headers)
          .send(ticketBody({ subject: '' }))
          .expect(422);
      for (let i = 0; i < 5; i++) await t.http.post(path).set(owner.headers).send(ticketBody()).expect(201);
      const refused = await t.http.post(path).set(owner.headers).send(ticketBody()).expect(429);
      expect(refused.body).toMatchObject({ code: 'support_rate_limited', status: 429 });
      expect(refused.body.detail).toMatch(/5 new tickets per person per hour/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      // Someone else in the organization may still open one.
      const admin = await personWith(t, { type: 'account', id: organizationId }, 'admin');
      await t.http.post(path).set(admin.headers).send(ticketBody()).expect(201);
      expect((await t.http.get(path).set(owner.headers)).body.total_count).toBe(6);
    });

    it('20 new tickets per organization in 24 hours', async () => {
      const { organizationId, owner } = await supportOrganization(t);
      await spendLimit(t, supportLimits.newTicketsPerOrganization(organizationId), 19);
      const path = ticketsPath(organizationId);
      await t.http.post(path).set(owner.headers).send(ticketBody()).expect(201);
      const refused = await t.http.post(path).set(owner.headers).send(ticketBody()).expect(429);
      expect(refused.body.detail).toMatch(/20 new tickets per organization in 24 hours/);
      // Replies are not new tickets.
      const list = await t.http.get(path).set(owner.headers).expect(200);
      await reply(`${path}/${list.body.items[0].id}`, owner).expect(200);
    });

    it('60 replies per person per hour', async () => {
      const { owner, path } = await openTicket();
      await spendLimit(t, supportLimits.repliesPerPerson(owner.userId), 59);
      await reply(path, owner).expect(200);
      const refused = await reply(path, owner).expect(429);
      expect(refused.body.detail).toMatch(/60 replies per person per hour/);
      expect((await t.http.get(path).set(owner.headers)).body.messages).toHaveLength(2);
    });

    it('25 unresolved tickets per organization at once; resolving one makes room', async () => {
      const { organizationId, owner } = await supportOrganization(t);
      const path = ticketsPath(organizationId);
      const seeded = await seedTickets(t, organizationId, owner.userId, 24);
      await seedTickets(t, organizationId, owner.userId, 3, { status: 'resolved' });
      await seedTickets(t, organizationId, owner.userId, 3, { status: 'closed' });
      await t.http.post(path).set(owner.headers).send(ticketBody()).expect(201);
      const refused = await t.http.post(path).set(owner.headers).send(ticketBody()).expect(429);
      expect(refused.body.detail).toMatch(/25 unresolved tickets per organization/);
      expect((await t.http.get(path).set(owner.headers)).body.total_count).toBe(31);
      await t.http.post(`${path}/${seeded[0]?.id}/close`).set(owner.headers).expect(200);
      await t.http.post(path).set(owner.headers).send(ticketBody()).expect(201);
    });

    it('concurrent creations cannot pass the unresolved ceiling together', async () => {
      const { organizationId, owner } = await supportOrganization(t);
      const path = ticketsPath(organizationId);
      await seedTickets(t, organizationId, owner.userId, 22);
      const admin = await personWith(t, { type: 'account', id: organizationId }, 'admin');
      const results = await Promise.all(
        [owner, owner, admin, admin, admin].map((who) =>
          t.http.post(path).set(who.headers).send(ticketBody()),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429]);
      const work = await uow(t);
      expect(await work.read.tickets.countUnresolved(organizationId)).toBe(25);
    });
  });

  describe('operator routes', () => {
    it('need the operator token', async () => {
      const { organizationId, owner, id } = await openTicket();
      await t.http.get(OPS).expect(401);
      await t.http.get(OPS).set(bearer(owner.token)).expect(401);
      await t.http.post(`${OPS}/${id}/messages`).set(bearer('wrong-token')).send({ body: 'x' }).expect(401);
      await t.http.post(`${OPS}/${id}/resolve`).set(bearer(owner.token)).expect(401);
      await t.http.patch(`${OPS}/${id}`).set(bearer(owner.token)).send({ priority: 'low' }).expect(401);
      await t.http.post(`${OPS}/${id}/redact`).set(bearer(owner.token)).send({ subject: true }).expect(401);
      const unchanged = await t.http
        .get(`${ticketsPath(organizationId)}/${id}`)
        .set(owner.headers)
        .expect(200);
      expect(unchanged.body).toMatchObject({
        status: 'open',
        priority: 'normal',
        subject: ticketBody().subject,
      });
      expect(unchanged.body.messages).toHaveLength(1);
    });

    it('the queue lists tickets waiting on the operator, oldest waiting first, filterable', async () => {
      const { organizationId, owner } = await supportOrganization(t);
      const now = Date.now();
      const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
      const [recent] = await seedTickets(t, organizationId, owner.userId, 1, {
        lastCustomerActivityAt: at(5),
      });
      const [oldest] = await seedTickets(t, organizationId, owner.userId, 1, {
        status: 'waiting_on_groundfloor',
        lastCustomerActivityAt: at(90),
      });
      const [waitingOnCustomer] = await seedTickets(t, organizationId, owner.userId, 1, {
        status: 'waiting_on_customer',
        lastCustomerActivityAt: at(200),
      });
      const queue = await t.http.get(`${OPS}?organization_id=${organizationId}`).set(operator).expect(200);
      expect(queue.headers['cache-control']).toBe('no-store');
      expect(queue.body.items.map((i: { id: string }) => i.id)).toEqual([oldest?.id, recent?.id]);
      expect(queue.body).toMatchObject({ total_count: 2, limit: 25, offset: 0 });
      expect(queue.body.items[0]).toMatchObject({
        organization_id: organizationId,
        status: 'waiting_on_groundfloor',
      });
      const byStatus = await t.http
        .get(`${OPS}?organization_id=${organizationId}&status=waiting_on_customer&status=open`)
        .set(operator)
        .expect(200);
      expect(byStatus.body.items.map((i: { id: string }) => i.id)).toEqual([
        waitingOnCustomer?.id,
        recent?.id,
      ]);
      // The supplement writes the route as `?status=&organization_id=`: empty values filter nothing.
      const empty = await t.http
        .get(`${OPS}?status=&organization_id=${organizationId}`)
        .set(operator)
        .expect(200);
      expect(empty.body).toEqual(queue.body);
      const all = await t.http.get(`${OPS}?limit=100`).set(operator).expect(200);
      expect(all.body.items.map((i: { id: string }) => i.id)).toEqual(
        expect.arrayContaining([oldest?.id, recent?.id]),
      );
      await t.http.get(`${OPS}?status=bogus`).set(operator).expect(422);
      const badOrganization = await t.http.get(`${OPS}?organization_id=acme`).set(operator).expect(422);
      expect(badOrganization.body.errors.map((e: { field: string }) => e.field)).toEqual(['organization_id']);
      const upper = await t.http
        .get(`${OPS}?organization_id=${organizationId.toUpperCase()}`)
        .set(operator)
        .expect(200);
      expect(upper.body).toEqual(queue.body);
      // `category` filters the queue as it filters the team list.
      const technical = await t.http
        .get(`${OPS}?organization_id=${organizationId}&category=technical`)
        .set(operator)
        .expect(200);
      expect(technical.body).toEqual(queue.body);
      const billing = await t.http
        .get(`${OPS}?organization_id=${organizationId}&category=billing&category=security`)
        .set(operator)
        .expect(200);
      expect(billing.body).toMatchObject({ items: [], total_count: 0 });
      await t.http.get(`${OPS}?category=sales`).set(operator).expect(422);
      await t.http.get(`${OPS}?limit=0`).set(operator).expect(422);
      const one = await t.http.get(`${OPS}/${oldest?.id}`).set(operator).expect(200);
      expect(one.body).toMatchObject({ id: oldest?.id, organization_id: organizationId, messages: [] });
      await t.http.get(`${OPS}/${randomUUID()}`).set(operator).expect(404);
    });

    it('operator replies email the opener, or the Owners once the opener has left; never the text', async () => {
      const { organizationId, owner } = await supportOrganization(t);
      const member = await personWith(t, { type: 'account', id: organizationId }, 'member');
      const created = await t.http
        .post(ticketsPath(organizationId))
        .set(member.headers)
        .send(ticketBody({ subject: 'Quokka invoices', description: 'Quokka details' }))
        .expect(201);
      const id = created.body.id as string;
      await operatorReply(id, 'Quokka answer').expect(200);
      const toMember = t.mailer.sent.at(-1);
      expect(toMember).toMatchObject({ to: member.email, template: 'ticket_operator_replied' });
      expect(toMember?.text).toContain(`#${created.body.number}`);
      expect(toMember?.text).toMatch(new RegExp(`\\n\\S+/support/tickets/${id}\\n`));
      expect(`${toMember?.subject} ${toMember?.text}`).not.toMatch(/Quokka/);

      const work = await uow(t);
      await work.transaction(async (tx) => {
        const m = await tx.memberships.findForUserOnScope(member.userId, 'account', organizationId);
        if (m) await tx.memberships.delete(m.id);
      });
      const secondOwner = await personWith(t, { type: 'account', id: organizationId }, 'owner');
      const before = t.mailer.sent.length;
      await operatorReply(id, 'Quokka follow-up').expect(200);
      const sent = t.mailer.sent.slice(before);
      expect(sent.map((m) => m.to).sort()).toEqual([owner.email, secondOwner.email].sort());
      expect(sent.every((m) => !/Quokka/.test(`${m.subject} ${m.text}`))).toBe(true);
      expect(t.logs.join('\n')).not.toMatch(/Quokka/);
    });

    it('changes priority, refusing unknown values', async () => {
      const { owner, id, path } = await openTicket();
      const res = await t.http.patch(`${OPS}/${id}`).set(operator).send({ priority: 'urgent' }).expect(200);
      expect(res.body.priority).toBe('urgent');
      expect(res.body.last_operator_activity_at).not.toBeNull();
      expect((await t.http.get(path).set(owner.headers)).body.priority).toBe('urgent');
      await t.http.patch(`${OPS}/${id}`).set(operator).send({ priority: 'asap' }).expect(422);
      await t.http
        .patch(`${OPS}/${id}`)
        .set(operator)
        .send({ priority: 'low', status: 'closed' })
        .expect(422);
      await t.http.patch(`${OPS}/${randomUUID()}`).set(operator).send({ priority: 'low' }).expect(404);
    });

    it('redacts a message and the subject with the platform marker, erasing the text', async () => {
      const { owner, id, path } = await openTicket({
        subject: 'card 4111 1111 1111 1111',
        description: 'cvv 123, card 4111',
      });
      const detail = await t.http.get(path).set(owner.headers).expect(200);
      const messageId = detail.body.messages[0].id;
      const marker = `[redacted by ${PLATFORM}]`;
      const byMessage = await t.http
        .post(`${OPS}/${id}/redact`)
        .set(operator)
        .send({ message_id: messageId.toUpperCase() })
        .expect(200);
      expect(byMessage.body.messages[0]).toMatchObject({ id: messageId, body: marker, redacted: true });
      expect(byMessage.body.subject).toBe('card 4111 1111 1111 1111');
      const bySubject = await t.http
        .post(`${OPS}/${id}/redact`)
        .set(operator)
        .send({ subject: true })
        .expect(200);
      expect(bySubject.body.subject).toBe(marker);
      const seen = await t.http.get(path).set(owner.headers).expect(200);
      expect(seen.body.subject).toBe(marker);
      expect(seen.body.messages[0]).toMatchObject({ body: marker, redacted: true });
      const work = await uow(t);
      const stored = JSON.stringify([
        await work.read.tickets.findById(id),
        await work.read.tickets.listMessages(id),
      ]);
      expect(stored).not.toContain('4111');

      await t.http.post(`${OPS}/${id}/redact`).set(operator).send({}).expect(422);
      await t.http
        .post(`${OPS}/${id}/redact`)
        .set(operator)
        .send({ subject: true, message_id: messageId })
        .expect(422);
      await t.http.post(`${OPS}/${id}/redact`).set(operator).send({ subject: false }).expect(422);
      await t.http.post(`${OPS}/${id}/redact`).set(operator).send({ subject: null }).expect(422);
      await t.http
        .post(`${OPS}/${id}/redact`)
        .set(operator)
        .send({ subject: true, message_id: null })
        .expect(422);
      await t.http.post(`${OPS}/${id}/redact`).set(operator).send({ message_id: randomUUID() }).expect(404);
    });
  });
});
