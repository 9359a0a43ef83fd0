import { bearer, operator, organizationWithOwner, uniqueEmail } from './support/api';
import { addSignedInMember, membersPath, tokenFrom } from './support/members';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';

/*
 * Security issue, finding 1: three cross-organization account takeovers,
 * each replayed over HTTP by the owner of an unrelated organization B, and the
 * account-ownership invariant that stops them (docs/security.md). Finding 2:
 * leaving a scope, and what an organization sees of its members' sign-ins.
 */
describe.each(DATABASES)('account ownership on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const org = (id: string) => ({ type: 'account' as const, id });
  const signIn = (email: string, password: string) => t.http.post('/v1/auth/token').send({ email, password });
  const mailTo = (email: string) => [...t.mailer.sent].reverse().find((m) => m.to === email);

  /** What B does to take an email over: give it a password of B's choosing, without telling anyone. */
  const claimWithPassword = (b: { token: string; organizationId: string }, email: string) =>
    t.http
      .post(membersPath(org(b.organizationId)))
      .set(bearer(b.token))
      .send({
        email,
        password: 'chosen-by-bravo',
        temporary_password: false,
        send_email: false,
        role: 'member',
      });

  it('(a) an invitee of organization A cannot be given a password by organization B', async () => {
    const a = await organizationWithOwner(t);
    const b = await organizationWithOwner(t);
    const victim = uniqueEmail('victim');
    const invitation = await t.http
      .post(membersPath(org(a.organizationId)))
      .set(bearer(a.token))
      .send({ email: victim, role: 'admin' })
      .expect(201);
    const mails = t.mailer.sent.length;

    const refused = await claimWithPassword(b, victim).expect(409);

    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body.code).toBe('account_managed_elsewhere');
    expect(t.mailer.sent).toHaveLength(mails);
    // B cannot sign in as the victim; the victim's own link from A still works.
    expect((await signIn(victim, 'chosen-by-bravo').expect(401)).body.code).toBe('invalid_credentials');
    const link = tokenFrom(mailTo(victim)?.text ?? '');
    await t.http
      .post('/v1/public/password-links/redeem')
      .send({ token: link, password: 'victims-own-1' })
      .expect(200);
    const session = await signIn(victim, 'victims-own-1').expect(200);
    await t.http
      .post(`/v1/memberships/${invitation.body.id}/accept`)
      .set(bearer(session.body.access_token))
      .expect(200);
  });

  it('(b) a pending owner created by the operator cannot be given a password by organization B', async () => {
    const b = await organizationWithOwner(t);
    const founder = uniqueEmail('founder');
    const created = await t.http
      .post('/v1/operator/organizations')
      .set(operator)
      .send({ name: 'Charlie', owner_email: founder })
      .expect(201);
    expect(created.body.owner_membership.status).toBe('pending');

    expect((await claimWithPassword(b, founder).expect(409)).body.code).toBe('account_managed_elsewhere');
    await signIn(founder, 'chosen-by-bravo').expect(401);
  });

  it('(c) grants to an account B registered first stay pending until the mailbox owner chooses a password', async () => {
    const b = await organizationWithOwner(t);
    const cfo = uniqueEmail('cfo');
    await claimWithPassword(b, cfo).expect(201);
    const bravoSession = await signIn(cfo, 'chosen-by-bravo').expect(200);
    const asBravo = bearer(bravoSession.body.access_token);

    // The operator creates an organization for that email: pending, not B's.
    const created = await t.http
      .post('/v1/operator/organizations')
      .set(operator)
      .send({ name: 'Delta', owner_email: cfo })
      .expect(201);
    expect(created.body.owner_membership.status).toBe('pending');
    // Organization A adds the same email: pending too.
    const a = await organizationWithOwner(t);
    const added = await t.http
      .post(membersPath(org(a.organizationId)))
      .set(bearer(a.token))
      .send({ email: cfo, role: 'admin' })
      .expect(201);
    expect(added.body.status).toBe('pending');

    // Whoever knows B's password can accept neither.
    for (const id of [created.body.owner_membership.id, added.body.id]) {
      const refused = await t.http.post(`/v1/memberships/${id}/accept`).set(asBravo).expect(403);
      expect(refused.body.code).toBe('email_not_verified');
    }
    await t.http.get(`/v1/organizations/${created.body.organization.id}`).set(asBravo).expect(403);
    await t.http.get(`/v1/organizations/${a.organizationId}`).set(asBravo).expect(403);

    // The person who reads the mailbox chooses a password: B's password and session stop working.
    const link = tokenFrom(mailTo(cfo)?.text ?? '');
    await t.http
      .post('/v1/public/password-links/redeem')
      .send({ token: link, password: 'the-cfos-own-1' })
      .expect(200);
    await t.http.get('/v1/me').set(asBravo).expect(401);
    await signIn(cfo, 'chosen-by-bravo').expect(401);
    const own = bearer((await signIn(cfo, 'the-cfos-own-1').expect(200)).body.access_token);
    const me = await t.http.get('/v1/me').set(own).expect(200);
    expect(me.body.email_verified).toBe(true);
    for (const id of [created.body.owner_membership.id, added.body.id]) {
      await t.http.post(`/v1/memberships/${id}/accept`).set(own).expect(200);
    }
    await t.http.get(`/v1/organizations/${created.body.organization.id}`).set(own).expect(200);
  });

  it('(c) the organization that set the password still adds that account at once', async () => {
    const b = await organizationWithOwner(t);
    const email = uniqueEmail('staff');
    const first = await claimWithPassword(b, email).expect(201);
    const ws = await t.http
      .post(`/v1/organizations/${b.organizationId}/workspaces`)
      .set(bearer(b.token))
      .send({ name: 'Bravo prod' })
      .expect(201);
    const added = await t.http
      .post(membersPath({ type: 'workspace', id: ws.body.id }))
      .set(bearer(b.token))
      .send({ user_id: first.body.user_id, role: 'writer' })
      .expect(201);
    expect(added.body.status).toBe('accepted');
  });

  it('a caller without manage_members is refused before the password is looked at', async () => {
    const a = await organizationWithOwner(t);
    const member = await addSignedInMember(t, a.token, org(a.organizationId), 'member');
    const refused = await t.http
      .post(membersPath(org(a.organizationId)))
      .set(member.auth)
      .send({ email: uniqueEmail(), password: 'a-fine-password', role: 'member' })
      .expect(403);
    expect(refused.body.code).toBe('permission_denied');
  });

  describe('leaving', () => {
    it('any member leaves a scope with DELETE on their own membership; others still need manage_members', async () => {
      const a = await organizationWithOwner(t);
      const member = await addSignedInMember(t, a.token, org(a.organizationId), 'member');
      const colleague = await addSignedInMember(t, a.token, org(a.organizationId), 'writer');
      const other = await t.http
        .delete(`/v1/memberships/${colleague.membershipId}`)
        .set(member.auth)
        .expect(403);
      expect(other.body.code).toBe('permission_denied');

      await t.http.delete(`/v1/memberships/${member.membershipId}`).set(member.auth).expect(204);

      await t.http.get(`/v1/organizations/${a.organizationId}`).set(member.auth).expect(403);
      const events = await t.http
        .get(`/v1/organizations/${a.organizationId}/audit?action=membership.left`)
        .set(bearer(a.token))
        .expect(200);
      expect(events.body.events).toEqual([
        expect.objectContaining({ action: 'membership.left', actor: { kind: 'user', id: member.userId } }),
      ]);
    });

    it('the last owner cannot leave (409); with a second owner they can', async () => {
      const a = await organizationWithOwner(t);
      const me = await t.http.get('/v1/me').set(bearer(a.token)).expect(200);
      const own = me.body.memberships[0].id as string;
      expect((await t.http.delete(`/v1/memberships/${own}`).set(bearer(a.token)).expect(409)).body.code).toBe(
        'last_owner',
      );
      await addSignedInMember(t, a.token, org(a.organizationId), 'owner');
      await t.http.delete(`/v1/memberships/${own}`).set(bearer(a.token)).expect(204);
    });

    it('a pending invitee can leave too (the same as rejecting)', async () => {
      const a = await organizationWithOwner(t);
      const b = await organizationWithOwner(t);
      const email = uniqueEmail('pending');
      await claimWithPassword(b, email).expect(201);
      const invited = await t.http
        .post(membersPath(org(a.organizationId)))
        .set(bearer(a.token))
        .send({ email, role: 'member' })
        .expect(201);
      expect(invited.body.status).toBe('pending');
      const session = await signIn(email, 'chosen-by-bravo').expect(200);
      await t.http
        .delete(`/v1/memberships/${invited.body.id}`)
        .set(bearer(session.body.access_token))
        .expect(204);
      await t.http.get(`/v1/memberships/${invited.body.id}`).set(bearer(a.token)).expect(404);
    });
  });

  describe("members' sign-ins", () => {
    it('reach the organization without address or session; the person reads them in full on /v1/me/audit', async () => {
      const a = await organizationWithOwner(t);
      const member = await addSignedInMember(t, a.token, org(a.organizationId), 'member');

      const seen = await t.http
        .get(`/v1/organizations/${a.organizationId}/audit?action=auth.signed_in`)
        .set(bearer(a.token))
        .expect(200);
      const theirs = seen.body.events.filter((e: { actor: { id: string } }) => e.actor.id === member.userId);
      expect(theirs).toHaveLength(1);
      expect(theirs[0].ip).toBeNull();
      expect(theirs[0].details).not.toHaveProperty('session_id');

      const mine = await t.http.get('/v1/me/audit').set(member.auth).expect(200);
      expect(mine.body.next_cursor).toBeNull();
      expect(mine.body.events).toEqual([
        expect.objectContaining({
          action: 'auth.signed_in',
          actor: { kind: 'user', id: member.userId },
          ip: expect.stringMatching(/127\.0\.0\.1/),
          details: { session_id: expect.any(String) },
        }),
      ]);
      expect(mine.headers['cache-control']).toBe('no-store');
      // Nobody else's account events, and only team callers.
      const owners = await t.http.get('/v1/me/audit').set(bearer(a.token)).expect(200);
      expect(owners.body.events.every((e: { actor: { id: string } }) => e.actor.id !== member.userId)).toBe(
        true,
      );
      await t.http.get('/v1/me/audit').expect(401);
      expect((await t.http.get('/v1/me/audit?limit=0').set(member.auth).expect(422)).body.code).toBe(
        'invalid_limit',
      );
    });
  });
});
