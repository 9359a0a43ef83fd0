import { bearer, operator, organizationWithOwner, uniqueEmail } from './support/api';
import { addSignedInMember, auditOf, membersPath, seedMembers, tokenFrom } from './support/members';
import { CONCURRENT_DATABASES, startTestServer, type TestServer } from './support/test-server';

const MEMBERSHIP_KEYS = [
  'created_at',
  'expires_at',
  'id',
  'role',
  'scope_id',
  'scope_type',
  'status',
  'user_display_name',
  'user_email',
  'user_id',
  'user_idp_realm',
];

describe.each(CONCURRENT_DATABASES)('memberships: adding and reading members on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    t.mailer.result = 'sent';
  });

  async function orgWithWorkspace() {
    const owner = await organizationWithOwner(t);
    const auth = bearer(owner.token);
    const ws = await t.http
      .post(`/v1/organizations/${owner.organizationId}/workspaces`)
      .set(auth)
      .send({ name: 'Web' })
      .expect(201);
    const org = { type: 'account' as const, id: owner.organizationId };
    const workspace = { type: 'workspace' as const, id: ws.body.id as string };
    return { owner, auth, org, workspace };
  }

  it('rule 2/4: an existing user added by email gets the role now and the invitation details', async () => {
    const { auth, org } = await orgWithWorkspace();
    const other = await organizationWithOwner(t);
    const res = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: other.email.toUpperCase(), role: 'writer' })
      .expect(201);
    expect(Object.keys(res.body).sort()).toEqual(
      [...MEMBERSHIP_KEYS, 'email_sent', 'email_skipped_reason'].sort(),
    );
    expect(res.body).toMatchObject({
      scope_type: 'account',
      scope_id: org.id,
      role: 'writer',
      status: 'accepted',
      user_email: other.email,
      // A string, never null: the email stands in for a missing display name.
      user_display_name: other.email,
      user_idp_realm: null,
      expires_at: null,
      email_sent: true,
      email_skipped_reason: null,
    });
    const mail = t.mailer.last();
    expect(mail).toMatchObject({ to: other.email, template: 'invitation_details' });
    expect(mail?.text).toContain('writer');
    // The role works at once.
    await t.http.get(`/v1/organizations/${org.id}`).set(bearer(other.token)).expect(200);
    expect((await auditOf(t, res.body.id)).map((e) => e.action)).toEqual(['membership.created']);
  });

  it('rule 2: a new email gets a login, a pending membership and a set-password email; accept grants the role', async () => {
    const { auth, workspace } = await orgWithWorkspace();
    const email = uniqueEmail('invitee');
    const res = await t.http
      .post(membersPath(workspace))
      .set(auth)
      .send({ email, role: 'writer' })
      .expect(201);
    expect(res.body).toMatchObject({ status: 'pending', user_email: email, email_sent: true });
    const mail = t.mailer.last();
    expect(mail).toMatchObject({ to: email, template: 'set_password' });
    expect(mail?.text).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/set-password#token=\S+$/m);

    const password = 'invitee-password-1';
    await t.http
      .post('/v1/public/password-links/redeem')
      .send({ token: tokenFrom(mail?.text ?? ''), password })
      .expect(200);
    const signIn = await t.http.post('/v1/auth/token').send({ email, password }).expect(200);
    const invitee = bearer(signIn.body.access_token);
    // A pending membership grants nothing.
    await t.http.get(`/v1/workspaces/${workspace.id}`).set(invitee).expect(403);
    const accepted = await t.http.post(`/v1/memberships/${res.body.id}/accept`).set(invitee).expect(200);
    expect(accepted.body).toEqual({ status: 'accepted' });
    await t.http.get(`/v1/workspaces/${workspace.id}`).set(invitee).expect(200);
    expect((await auditOf(t, res.body.id)).map((e) => e.action)).toEqual([
      'membership.created',
      'membership.accepted',
    ]);
  });

  it('send_email false without a password is ignored: a new invitee still gets the set-password email', async () => {
    const { auth, workspace } = await orgWithWorkspace();
    const email = uniqueEmail('no-opt-out');
    const sent = t.mailer.sent.length;
    const res = await t.http
      .post(membersPath(workspace))
      .set(auth)
      .send({ email, role: 'writer', send_email: false })
      .expect(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      user_email: email,
      email_sent: true,
      email_skipped_reason: null,
    });
    expect(t.mailer.sent).toHaveLength(sent + 1);
    const mail = t.mailer.last();
    expect(mail).toMatchObject({ to: email, template: 'set_password' });
    // The link works: without it the invitee could never sign in.
    const password = 'invitee-password-2';
    await t.http
      .post('/v1/public/password-links/redeem')
      .send({ token: tokenFrom(mail?.text ?? ''), password })
      .expect(200);
    await t.http.post('/v1/auth/token').send({ email, password }).expect(200);
  });

  it('send_email false without a password is ignored: an existing user still gets the invitation details', async () => {
    const { auth, org } = await orgWithWorkspace();
    const other = await organizationWithOwner(t);
    const sent = t.mailer.sent.length;
    const res = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: other.email, role: 'writer', send_email: false, temporary_password: true })
      .expect(201);
    expect(res.body).toMatchObject({
      status: 'accepted',
      user_email: other.email,
      email_sent: true,
      email_skipped_reason: null,
    });
    expect(t.mailer.sent).toHaveLength(sent + 1);
    const mail = t.mailer.last();
    expect(mail).toMatchObject({ to: other.email, template: 'invitation_details' });
    expect(mail?.text).toContain('writer');
    // temporary_password likewise means nothing without a password: their own password stays as it was.
    const signIn = await t.http
      .post('/v1/auth/token')
      .send({ email: other.email, password: other.password })
      .expect(200);
    expect(signIn.body.password_change_required).toBe(false);
  });

  it('rule 3: email + password sets credentials, temporary by default; the email never holds the password', async () => {
    const { auth, org } = await orgWithWorkspace();
    const email = uniqueEmail('pw');
    const password = 'given-password-1';
    const res = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email, password, role: 'member' })
      .expect(201);
    expect(res.body).toMatchObject({ status: 'accepted', email_sent: true, email_skipped_reason: null });
    const mail = t.mailer.last();
    expect(mail).toMatchObject({ to: email, template: 'invitation_details' });
    expect(mail?.text).not.toContain(password);
    expect(mail?.html ?? '').not.toContain(password);
    const signIn = await t.http.post('/v1/auth/token').send({ email, password }).expect(200);
    expect(signIn.body.password_change_required).toBe(true);
    const audit = await auditOf(t, res.body.id);
    expect(JSON.stringify(audit)).not.toContain(password);
    expect(audit[0]?.details).toMatchObject({
      via: 'email_password',
      password_set: true,
      user_created: true,
    });

    // temporary_password false and send_email false
    const quiet = uniqueEmail('quiet');
    const sent = t.mailer.sent.length;
    const res2 = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: quiet, password, temporary_password: false, send_email: false, role: 'member' })
      .expect(201);
    expect(res2.body).toMatchObject({ email_sent: false, email_skipped_reason: 'not_requested' });
    expect(t.mailer.sent).toHaveLength(sent);
    const signIn2 = await t.http.post('/v1/auth/token').send({ email: quiet, password }).expect(200);
    expect(signIn2.body.password_change_required).toBe(false);
  });

  it('rule 3: email + password for an invited user without credentials sets them and accepts', async () => {
    const { auth, org, workspace } = await orgWithWorkspace();
    const email = uniqueEmail('invited');
    await t.http.post(membersPath(workspace)).set(auth).send({ email, role: 'member' }).expect(201);
    const link = tokenFrom(t.mailer.last()?.text ?? '');
    const password = 'given-password-2';
    const res = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email, password, temporary_password: false, role: 'writer' })
      .expect(201);
    expect(res.body.status).toBe('accepted');
    await t.http.post('/v1/auth/token').send({ email, password }).expect(200);
    // The set-password link was for choosing a first password, which is now set.
    await t.http.post('/v1/public/password-links/inspect').send({ token: link }).expect(410);
  });

  it('rule 3: email + password for someone invited to the same scope with that role sets the password and accepts', async () => {
    const { auth, org } = await orgWithWorkspace();
    const email = uniqueEmail('invited');
    const invited = await t.http.post(membersPath(org)).set(auth).send({ email, role: 'member' }).expect(201);
    expect(invited.body.status).toBe('pending');
    const link = tokenFrom(t.mailer.last()?.text ?? '');
    const password = 'given-password-3';
    const res = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email, password, temporary_password: false, role: 'member' })
      .expect(200);
    expect(res.body).toMatchObject({
      id: invited.body.id,
      status: 'accepted',
      role: 'member',
      email_sent: true,
    });
    expect(t.mailer.last()?.template).toBe('invitation_details');
    const signIn = await t.http.post('/v1/auth/token').send({ email, password }).expect(200);
    await t.http.get(`/v1/organizations/${org.id}`).set(bearer(signIn.body.access_token)).expect(200);
    await t.http.post('/v1/public/password-links/inspect').send({ token: link }).expect(410);
    // Now the same role again is rule 6's existing membership; a password is rule 5's conflict.
    await t.http.post(membersPath(org)).set(auth).send({ email, role: 'member' }).expect(200);
    const given = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email, password, role: 'member' })
      .expect(409);
    expect(given.body.code).toBe('user_has_credentials');
    const other = await t.http.post(membersPath(org)).set(auth).send({ email, role: 'writer' }).expect(409);
    expect(other.body.code).toBe('membership_role_conflict');
  });

  it('rule 5: a password for an email with credentials is 409, also when it holds that very role', async () => {
    const { auth, org } = await orgWithWorkspace();
    const email = uniqueEmail('credentialed');
    const body = { email, password: 'first-password-1', temporary_password: false, role: 'member' };
    const added = await t.http.post(membersPath(org)).set(auth).send(body).expect(201);
    const again = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ ...body, password: 'second-password-2' })
      .expect(409);
    expect(again.body.code).toBe('user_has_credentials');
    await t.http.post('/v1/auth/token').send({ email, password: 'first-password-1' }).expect(200);
    await t.http.post('/v1/auth/token').send({ email, password: 'second-password-2' }).expect(401);
    const list = await t.http.get(membersPath(org)).set(auth).expect(200);
    expect(list.body.memberships.filter((m: { id: string }) => m.id === added.body.id)).toHaveLength(1);
  });

  it('rule 5: a password for an email that already has credentials is 409 user_has_credentials', async () => {
    const { auth, org } = await orgWithWorkspace();
    const other = await organizationWithOwner(t);
    const res = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: other.email, password: 'another-password', role: 'member' })
      .expect(409);
    expect(res.body.code).toBe('user_has_credentials');
    await t.http.post('/v1/auth/token').send({ email: other.email, password: other.password }).expect(200);
    const list = await t.http.get(membersPath(org)).set(auth).expect(200);
    expect(list.body.memberships.map((m: { user_email: string }) => m.user_email)).not.toContain(other.email);
  });

  it('user_id adds an existing user at once and sends nothing; unknown user_id is 404', async () => {
    const { auth, org, owner } = await orgWithWorkspace();
    const other = await organizationWithOwner(t);
    const me = await t.http.get('/v1/me').set(bearer(other.token)).expect(200);
    const sent = t.mailer.sent.length;
    const res = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ user_id: me.body.id, role: 'partner' })
      .expect(201);
    expect(res.body).toMatchObject({
      user_id: me.body.id,
      role: 'partner',
      status: 'accepted',
      email_sent: false,
      email_skipped_reason: 'not_requested',
    });
    expect(t.mailer.sent).toHaveLength(sent);
    const unknown = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ user_id: '00000000-0000-4000-8000-000000000000', role: 'member' })
      .expect(404);
    expect(unknown.body.code).toBe('user_not_found');
    expect(owner.organizationId).toBe(org.id);
  });

  it('rule 6: the same role again answers the existing membership (200); another role is 409', async () => {
    const { auth, org } = await orgWithWorkspace();
    const email = uniqueEmail('twice');
    const first = await t.http.post(membersPath(org)).set(auth).send({ email, role: 'member' }).expect(201);
    const sent = t.mailer.sent.length;
    const again = await t.http.post(membersPath(org)).set(auth).send({ email, role: 'member' }).expect(200);
    expect(again.body).toMatchObject({
      id: first.body.id,
      status: 'pending',
      email_sent: false,
      email_skipped_reason: 'not_requested',
    });
    expect(t.mailer.sent).toHaveLength(sent);
    const other = await t.http.post(membersPath(org)).set(auth).send({ email, role: 'writer' }).expect(409);
    expect(other.body.code).toBe('membership_role_conflict');
  });

  it('rule 7: email_sent and email_skipped_reason report the mail outcome', async () => {
    const { auth, org } = await orgWithWorkspace();
    const outcomes = [
      ['failed', false, 'send_failed'],
      ['unconfirmed', null, 'delivery_unconfirmed'],
      ['not_configured', false, 'smtp_not_configured'],
      ['sent', true, null],
    ] as const;
    for (const [result, sent, reason] of outcomes) {
      t.mailer.result = result;
      const res = await t.http
        .post(membersPath(org))
        .set(auth)
        .send({ email: uniqueEmail(result), role: 'member' })
        .expect(201);
      expect([res.body.email_sent, res.body.email_skipped_reason]).toEqual([sent, reason]);
    }
  });

  it('expires_at is stored and returned; a past, non-ISO or impossible date is 422', async () => {
    const { auth, org } = await orgWithWorkspace();
    const expiresAt = '2099-01-31T12:00:00.000Z';
    const res = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: uniqueEmail('temp'), role: 'member', expires_at: '2099-01-31T13:00:00+01:00' })
      .expect(201);
    expect(res.body.expires_at).toBe(expiresAt);
    for (const bad of [
      '2020-01-01T00:00:00Z',
      'next tuesday',
      '2099-13-45T00:00:00Z',
      '2099-01-31T12:00:00',
      // Days that do not exist, which Date would roll over into the next month.
      '2099-02-30',
      '2099-04-31T10:00:00Z',
      '2099-02-29T00:00:00Z',
    ]) {
      const refused = await t.http
        .post(membersPath(org))
        .set(auth)
        .send({ email: uniqueEmail('temp'), role: 'member', expires_at: bad })
        .expect(422);
      expect(refused.body.code).toBe('invalid_expires_at');
    }
  });

  it('rule 1 and Errors 400: invalid scope_type; both or neither of user_id and email; password with user_id', async () => {
    const { auth, org } = await orgWithWorkspace();
    for (const path of [`/v1/scopes/team/${org.id}/members`, `/v1/scopes/organization/${org.id}/members`]) {
      const get = await t.http.get(path).set(auth).expect(400);
      expect(get.body.code).toBe('invalid_scope_type');
      const post = await t.http
        .post(path)
        .set(auth)
        .send({ email: uniqueEmail(), role: 'member' })
        .expect(400);
      expect(post.body.code).toBe('invalid_scope_type');
    }
    const me = await t.http.get('/v1/me').set(auth).expect(200);
    const cases = [
      [{ user_id: me.body.id, email: uniqueEmail(), role: 'member' }, 'user_id_and_email'],
      [{ role: 'member' }, 'user_id_or_email_required'],
      [{ user_id: me.body.id, password: 'some-password', role: 'member' }, 'password_with_user_id'],
      // Rule 1 answers first: a missing role or a malformed user_id does not hide it.
      [{ user_id: me.body.id, email: uniqueEmail() }, 'user_id_and_email'],
      [{ user_id: 'not-a-uuid', email: uniqueEmail(), role: 'member' }, 'user_id_and_email'],
      [{}, 'user_id_or_email_required'],
      [{ user_id: me.body.id, password: 'x' }, 'password_with_user_id'],
    ] as const;
    for (const [body, code] of cases) {
      const res = await t.http.post(membersPath(org)).set(auth).send(body).expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe(code);
    }
  });

  it('Errors 422: role not valid for the scope, unknown role, bad email, password outside 8 to 128', async () => {
    const { auth, workspace, org } = await orgWithWorkspace();
    const billing = await t.http
      .post(membersPath(workspace))
      .set(auth)
      .send({ email: uniqueEmail(), role: 'billing_admin' })
      .expect(422);
    expect(billing.body.code).toBe('invalid_role_for_scope');
    expect(billing.body.errors).toEqual([{ field: 'role', message: expect.any(String) }]);
    await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: uniqueEmail(), role: 'billing_admin' })
      .expect(201);
    const unknown = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: uniqueEmail(), role: 'god' })
      .expect(422);
    expect(unknown.body.code).toBe('invalid_role_for_scope');
    const email = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: 'nope', role: 'member' })
      .expect(422);
    expect(email.body.code).toBe('invalid_email');
    for (const password of ['short', 'x'.repeat(129)]) {
      const res = await t.http
        .post(membersPath(org))
        .set(auth)
        .send({ email: uniqueEmail(), password, role: 'member' })
        .expect(422);
      expect(res.body.code).toBe('invalid_password');
    }
    await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: uniqueEmail(), password: 'x'.repeat(128), role: 'member' })
      .expect(201);
    const notUuid = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ user_id: 'not-a-uuid', role: 'member' })
      .expect(422);
    expect(notUuid.body.errors).toEqual([{ field: 'user_id', message: expect.any(String) }]);
    const noRole = await t.http.post(membersPath(org)).set(auth).send({ email: uniqueEmail() }).expect(422);
    expect(noRole.body.errors).toEqual([{ field: 'role', message: expect.any(String) }]);
    await t.http.post(membersPath(org)).set(auth).send({ email: uniqueEmail(), role: 5 }).expect(422);
    await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: uniqueEmail(), role: 'member', extra: 1 })
      .expect(422);
  });

  it('Errors 403 and 404 on POST: missing manage_members, ceiling, unknown scope', async () => {
    const { owner, auth, org, workspace } = await orgWithWorkspace();
    const writer = await addSignedInMember(t, owner.token, org, 'writer');
    const denied = await t.http
      .post(membersPath(org))
      .set(writer.auth)
      .send({ email: uniqueEmail(), role: 'member' })
      .expect(403);
    expect(denied.body.code).toBe('permission_denied');
    const admin = await addSignedInMember(t, owner.token, org, 'admin');
    const ceiling = await t.http
      .post(membersPath(org))
      .set(admin.auth)
      .send({ email: uniqueEmail(), role: 'owner' })
      .expect(403);
    expect(ceiling.body.code).toBe('only_owner_grants_owner');
    await t.http
      .post(membersPath(org))
      .set(admin.auth)
      .send({ email: uniqueEmail(), role: 'admin' })
      .expect(201);
    // A workspace admin's ceiling on their workspace is admin too.
    const wsAdmin = await addSignedInMember(t, owner.token, workspace, 'admin');
    await t.http
      .post(membersPath(workspace))
      .set(wsAdmin.auth)
      .send({ email: uniqueEmail(), role: 'owner' })
      .expect(403);
    await t.http
      .post(membersPath(org))
      .set(wsAdmin.auth)
      .send({ email: uniqueEmail(), role: 'member' })
      .expect(403);
    const missing = { type: 'account' as const, id: '00000000-0000-4000-8000-000000000000' };
    const notFound = await t.http
      .post(membersPath(missing))
      .set(auth)
      .send({ email: uniqueEmail(), role: 'member' });
    expect([notFound.status, notFound.body.code]).toEqual([404, 'organization_not_found']);
    const missingWs = { type: 'workspace' as const, id: missing.id };
    await t.http.get(membersPath(missingWs)).set(auth).expect(404);
    await t.http.get('/v1/scopes/account/not-a-uuid/members').set(auth).expect(404);
    await t.http.post(membersPath(org)).send({ email: uniqueEmail(), role: 'member' }).expect(401);
  });

  it('GET members: read on the scope, oldest first, legacy app-user rows hidden, at most 200', async () => {
    const { owner, auth, org, workspace } = await orgWithWorkspace();
    const billing = await addSignedInMember(t, owner.token, org, 'billing_admin');
    const list = await t.http.get(membersPath(org)).set(billing.auth).expect(200);
    expect(Object.keys(list.body)).toEqual(['memberships']);
    expect(list.body.memberships.map((m: { role: string }) => m.role)).toEqual(['owner', 'billing_admin']);
    expect(Object.keys(list.body.memberships[0]).sort()).toEqual(MEMBERSHIP_KEYS);
    // billing_admin reads nothing on a workspace.
    await t.http.get(membersPath(workspace)).set(billing.auth).expect(403);
    const stranger = await organizationWithOwner(t);
    await t.http.get(membersPath(org)).set(bearer(stranger.token)).expect(403);

    const [legacy] = await seedMembers(t, org, 1, { idpRealm: 'legacy-realm' });
    const visible = await t.http.get(membersPath(org)).set(auth).expect(200);
    expect(visible.body.memberships.map((m: { id: string }) => m.id)).not.toContain(legacy);
    const single = await t.http.get(`/v1/memberships/${legacy}`).set(auth).expect(200);
    expect(single.body.user_idp_realm).toBe('legacy-realm');

    await seedMembers(t, workspace, 205);
    const capped = await t.http.get(membersPath(workspace)).set(auth).expect(200);
    expect(capped.body.memberships).toHaveLength(200);
    const times = capped.body.memberships.map((m: { created_at: string }) => m.created_at);
    expect([...times].sort()).toEqual(times);
  });

  it('GET one membership adds the member profile and needs manage_members', async () => {
    const { owner, auth, org } = await orgWithWorkspace();
    const writer = await addSignedInMember(t, owner.token, org, 'writer');
    const res = await t.http.get(`/v1/memberships/${writer.membershipId}`).set(auth).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [...MEMBERSHIP_KEYS, 'last_login_at', 'user_created_at', 'user_status', 'welcome_email_sent_at'].sort(),
    );
    expect(res.body).toMatchObject({
      id: writer.membershipId,
      user_status: 'active',
      user_created_at: expect.any(String),
      welcome_email_sent_at: null,
      last_login_at: expect.any(String),
    });
    const invited = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: uniqueEmail('profile'), role: 'member' })
      .expect(201);
    const profile = await t.http.get(`/v1/memberships/${invited.body.id}`).set(auth).expect(200);
    expect(profile.body).toMatchObject({
      user_status: 'invited',
      last_login_at: null,
      welcome_email_sent_at: expect.any(String),
    });
    const denied = await t.http.get(`/v1/memberships/${invited.body.id}`).set(writer.auth).expect(403);
    expect(denied.body.code).toBe('permission_denied');
    const missing = await t.http
      .get('/v1/memberships/00000000-0000-4000-8000-000000000000')
      .set(auth)
      .expect(404);
    expect(missing.body.code).toBe('membership_not_found');
    await t.http.get('/v1/memberships/not-a-uuid').set(auth).expect(404);
  });

  it('user_display_name is the display name when the user has one', async () => {
    const { auth, org } = await orgWithWorkspace();
    const email = uniqueEmail('named');
    await t.http
      .post('/v1/operator/organizations')
      .set(operator)
      .send({
        name: 'Named',
        owner_email: email,
        owner_password: 'named-password-1',
        owner_display_name: 'Ada L',
      })
      .expect(201);
    const res = await t.http.post(membersPath(org)).set(auth).send({ email, role: 'member' }).expect(201);
    expect(res.body).toMatchObject({ user_email: email, user_display_name: 'Ada L' });
    const list = await t.http.get(membersPath(org)).set(auth).expect(200);
    for (const m of list.body.memberships) expect(typeof m.user_display_name).toBe('string');
  });

  it('membership routes are for team members only', async () => {
    const { owner, auth, org, workspace } = await orgWithWorkspace();
    await t.http.get(membersPath(org)).set(operator).expect(401);
    await t.http.get('/v1/me/pending-invitations').expect(401);
    // M2M tokens are refused on every membership route, even in their own workspace (403).
    const client = await t.http
      .post(`/v1/workspaces/${workspace.id}/m2m/clients`)
      .set(auth)
      .send({ name: 'ci', scopes: ['secrets:read'] })
      .expect(201);
    const token = await t.http
      .post(`/v1/workspaces/${workspace.id}/m2m/token`)
      .send({ client_id: client.body.client_id, client_secret: client.body.client_secret })
      .expect(200);
    const machine = bearer(token.body.access_token);
    const me = await t.http.get('/v1/me').set(auth).expect(200);
    const ownerMembership = me.body.memberships[0].id as string;
    const calls = [
      t.http.get(membersPath(workspace)).set(machine),
      t.http.post(membersPath(workspace)).set(machine).send({ email: uniqueEmail(), role: 'member' }),
      t.http.get('/v1/me/pending-invitations').set(machine),
      t.http.post(`/v1/memberships/${ownerMembership}/accept`).set(machine),
      t.http.post(`/v1/memberships/${ownerMembership}/reject`).set(machine),
      t.http.get(`/v1/memberships/${ownerMembership}`).set(machine),
      t.http.patch(`/v1/memberships/${ownerMembership}`).set(machine).send({ role: 'admin' }),
      t.http.post(`/v1/memberships/${ownerMembership}/reset-password`).set(machine),
      t.http.delete(`/v1/memberships/${ownerMembership}`).set(machine),
    ];
    for (const res of await Promise.all(calls)) {
      expect([res.status, res.body.code]).toEqual([403, 'caller_kind_not_allowed']);
    }
    const after = await t.http.get(membersPath(org)).set(auth).expect(200);
    expect(after.body.memberships).toHaveLength(1);
    expect(owner.organizationId).toBe(org.id);
  });
});
