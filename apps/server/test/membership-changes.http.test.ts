import { UNIT_OF_WORK, type UnitOfWork } from '@groundfloor/domain';
import type { Database } from '@groundfloor/persistence-typeorm';
import { ContainerModule } from 'inversify';
import { DATABASE } from '../src/tokens';
import { bearer, operator, organizationWithOwner, uniqueEmail } from './support/api';
import { addSignedInMember, auditOf, membersPath, seedMembers, tokenFrom } from './support/members';
import { CONCURRENT_DATABASES, startTestServer, type TestServer } from './support/test-server';

describe.each(CONCURRENT_DATABASES)('memberships: role changes, removal, invitations on %s', (kind) => {
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

  async function organization() {
    const owner = await organizationWithOwner(t);
    const me = await t.http.get('/v1/me').set(bearer(owner.token)).expect(200);
    const org = { type: 'account' as const, id: owner.organizationId };
    const ownerMembershipId = me.body.memberships[0].id as string;
    return { owner, auth: bearer(owner.token), org, ownerMembershipId };
  }
  const patch = (id: string, auth: Record<string, string>, role: string) =>
    t.http.patch(`/v1/memberships/${id}`).set(auth).send({ role });
  const remove = (id: string, auth: Record<string, string>) =>
    t.http.delete(`/v1/memberships/${id}`).set(auth);
  const owners = async (
    auth: Record<string, string>,
    scope: { type: 'account' | 'workspace'; id: string },
  ) => {
    const list = await t.http.get(membersPath(scope)).set(auth).expect(200);
    return list.body.memberships.filter((m: { role: string; status: string }) => m.role === 'owner');
  };

  it('PATCH changes the role in place, audits it, and answers the same role unchanged', async () => {
    const { owner, auth, org } = await organization();
    const writer = await addSignedInMember(t, owner.token, org, 'writer');
    const res = await patch(writer.membershipId, auth, 'admin').expect(200);
    expect(res.body).toMatchObject({
      id: writer.membershipId,
      role: 'admin',
      status: 'accepted',
      user_email: writer.email,
    });
    expect(res.body).not.toHaveProperty('user_status');
    const same = await patch(writer.membershipId, auth, 'admin').expect(200);
    expect(same.body.role).toBe('admin');
    const audit = await auditOf(t, writer.membershipId);
    expect(audit.map((e) => e.action)).toEqual(['membership.created', 'membership.role_changed']);
    expect(audit[1]?.details).toMatchObject({ from: 'writer', to: 'admin' });
    // The new role works at once.
    await t.http
      .post(`/v1/organizations/${org.id}/workspaces`)
      .set(writer.auth)
      .send({ name: 'W' })
      .expect(201);
  });

  it('PATCH rule 1: the new role must be valid for the scope (422); a pending invitation does not change role (409)', async () => {
    const { auth, org } = await organization();
    const ws = await t.http
      .post(`/v1/organizations/${org.id}/workspaces`)
      .set(auth)
      .send({ name: 'W' })
      .expect(201);
    const workspace = { type: 'workspace' as const, id: ws.body.id as string };
    const invited = await t.http
      .post(membersPath(workspace))
      .set(auth)
      .send({ email: uniqueEmail(), role: 'member' })
      .expect(201);
    const bad = await patch(invited.body.id, auth, 'billing_admin').expect(422);
    expect(bad.body.code).toBe('invalid_role_for_scope');
    const pending = await patch(invited.body.id, auth, 'writer').expect(409);
    expect(pending.body.code).toBe('membership_not_accepted');
    await t.http.patch(`/v1/memberships/${invited.body.id}`).set(auth).send({}).expect(422);
    const missing = await patch('00000000-0000-4000-8000-000000000000', auth, 'member').expect(404);
    expect(missing.body.code).toBe('membership_not_found');
  });

  it("PATCH by an outsider is 403 before the role is checked against the membership's scope", async () => {
    const { auth, org } = await organization();
    const outsider = await organization();
    const ws = await t.http
      .post(`/v1/organizations/${org.id}/workspaces`)
      .set(auth)
      .send({ name: 'W' })
      .expect(201);
    const invited = await t.http
      .post(membersPath({ type: 'workspace', id: ws.body.id }))
      .set(auth)
      .send({ email: uniqueEmail(), role: 'member' })
      .expect(201);
    // billing_admin is a role, only not one a workspace takes: the permission is checked first.
    const denied = await patch(invited.body.id, outsider.auth, 'billing_admin').expect(403);
    expect(denied.body.code).toBe('permission_denied');
    // A name that is no role at all is told from the request alone, naming no scope.
    const unknown = await patch(invited.body.id, outsider.auth, 'god').expect(422);
    expect(unknown.body.code).toBe('invalid_role_for_scope');
    expect(unknown.body.detail).not.toMatch(/workspace|account/);
    const still = await t.http.get(`/v1/memberships/${invited.body.id}`).set(auth).expect(200);
    expect(still.body.role).toBe('member');
  });

  it('PATCH rules 2 and 3: an admin grants up to admin and revokes only below admin; owners never demote other owners', async () => {
    const { owner, auth, org, ownerMembershipId } = await organization();
    const admin = await addSignedInMember(t, owner.token, org, 'admin');
    const otherAdmin = await addSignedInMember(t, owner.token, org, 'admin');
    const member = await addSignedInMember(t, owner.token, org, 'member');
    const writer = await addSignedInMember(t, owner.token, org, 'writer');

    expect((await patch(member.membershipId, admin.auth, 'owner').expect(403)).body.code).toBe(
      'only_owner_grants_owner',
    );
    await patch(member.membershipId, admin.auth, 'admin').expect(200);
    expect((await patch(otherAdmin.membershipId, admin.auth, 'member').expect(403)).body.code).toBe(
      'role_not_below_caller',
    );
    // An admin cannot demote themselves either: admin is not below admin.
    await patch(admin.membershipId, admin.auth, 'member').expect(403);
    await patch(writer.membershipId, admin.auth, 'billing_admin').expect(200);
    expect((await patch(ownerMembershipId, admin.auth, 'admin').expect(403)).body.code).toBe(
      'role_not_below_caller',
    );
    // A writer has no manage_members.
    expect((await patch(member.membershipId, writer.auth, 'member').expect(403)).body.code).toBe(
      'permission_denied',
    );

    const second = await addSignedInMember(t, owner.token, org, 'owner');
    expect((await patch(second.membershipId, auth, 'admin').expect(403)).body.code).toBe(
      'cannot_demote_owner',
    );
    // An owner may demote themselves while another owner remains.
    await patch(second.membershipId, second.auth, 'admin').expect(200);
    expect(await owners(auth, org)).toHaveLength(1);
  });

  it('Errors 409 last_owner: the last owner cannot be demoted', async () => {
    const { auth, org, ownerMembershipId } = await organization();
    const res = await patch(ownerMembershipId, auth, 'admin').expect(409);
    expect(res.body.code).toBe('last_owner');
    expect(await owners(auth, org)).toHaveLength(1);
  });

  it('Errors 409 last_owner: the sole workspace owner cannot be removed or demoted, even by an organization owner', async () => {
    const { owner, auth, org } = await organization();
    const ws = await t.http
      .post(`/v1/organizations/${org.id}/workspaces`)
      .set(auth)
      .send({ name: 'W' })
      .expect(201);
    const workspace = { type: 'workspace' as const, id: ws.body.id as string };
    const wsOwner = await addSignedInMember(t, owner.token, workspace, 'owner');
    expect((await remove(wsOwner.membershipId, auth).expect(409)).body.code).toBe('last_owner');
    expect((await remove(wsOwner.membershipId, wsOwner.auth).expect(409)).body.code).toBe('last_owner');
    expect((await patch(wsOwner.membershipId, auth, 'admin').expect(409)).body.code).toBe('last_owner');
    // An admin is refused by the rank rule first.
    const orgAdmin = await addSignedInMember(t, owner.token, org, 'admin');
    expect((await remove(wsOwner.membershipId, orgAdmin.auth).expect(403)).body.code).toBe(
      'role_not_below_caller',
    );
    // With a second workspace owner, removing an owner is the rank rule's 403.
    await addSignedInMember(t, owner.token, workspace, 'owner');
    expect((await remove(wsOwner.membershipId, auth).expect(403)).body.code).toBe('role_not_below_caller');
    expect((await patch(wsOwner.membershipId, auth, 'admin').expect(403)).body.code).toBe(
      'cannot_demote_owner',
    );
    expect(await owners(auth, workspace)).toHaveLength(2);
  });

  it('DELETE rule 4: only a role strictly below the caller; pending invitations too; 204', async () => {
    const { owner, auth, org, ownerMembershipId } = await organization();
    const admin = await addSignedInMember(t, owner.token, org, 'admin');
    const otherAdmin = await addSignedInMember(t, owner.token, org, 'admin');
    const billing = await addSignedInMember(t, owner.token, org, 'billing_admin');

    expect((await remove(otherAdmin.membershipId, admin.auth).expect(403)).body.code).toBe(
      'role_not_below_caller',
    );
    expect((await remove(ownerMembershipId, admin.auth).expect(403)).body.code).toBe('role_not_below_caller');
    // Spec Errors 409 "Revoke: last owner": the sole owner removing themselves.
    expect((await remove(ownerMembershipId, auth).expect(409)).body.code).toBe('last_owner');
    // Equal rank: with a second owner, an owner still cannot remove another owner
    // (leaving oneself is another rule: account-ownership.http.test.ts).
    const second = await addSignedInMember(t, owner.token, org, 'owner');
    expect((await remove(second.membershipId, auth).expect(403)).body.code).toBe('role_not_below_caller');
    expect((await remove(admin.membershipId, billing.auth).expect(403)).body.code).toBe('permission_denied');

    await remove(billing.membershipId, admin.auth).expect(204);
    await t.http.get(`/v1/organizations/${org.id}`).set(billing.auth).expect(403);
    await remove(otherAdmin.membershipId, auth).expect(204);
    const invited = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: uniqueEmail(), role: 'writer' })
      .expect(201);
    await remove(invited.body.id, admin.auth).expect(204);
    await t.http.get(`/v1/memberships/${invited.body.id}`).set(auth).expect(404);
    expect((await remove(invited.body.id, auth).expect(404)).body.code).toBe('membership_not_found');
    expect((await auditOf(t, invited.body.id)).map((e) => e.action)).toEqual([
      'membership.created',
      'membership.deleted',
    ]);
  });

  it('supplement §5a: on a workspace the caller acts with their effective role (organization and workspace roles together)', async () => {
    const { owner, auth, org } = await organization();
    const make = async (name: string) => {
      const ws = await t.http
        .post(`/v1/organizations/${org.id}/workspaces`)
        .set(auth)
        .send({ name })
        .expect(201);
      return { type: 'workspace' as const, id: ws.body.id as string };
    };
    const [workspace, other] = [await make('Main'), await make('Other')];
    const add = (
      by: Record<string, string>,
      scope: { type: 'account' | 'workspace'; id: string },
      role: string,
    ) => t.http.post(membersPath(scope)).set(by).send({ email: uniqueEmail(), role });
    const wsAdmin = await addSignedInMember(t, owner.token, workspace, 'admin');
    const wsWriter = await addSignedInMember(t, owner.token, workspace, 'writer');

    // An organization admin acts as admin on every workspace: grants up to admin, revokes below admin.
    const orgAdmin = await addSignedInMember(t, owner.token, org, 'admin');
    await add(orgAdmin.auth, workspace, 'admin').expect(201);
    expect((await add(orgAdmin.auth, workspace, 'owner').expect(403)).body.code).toBe(
      'only_owner_grants_owner',
    );
    expect((await remove(wsAdmin.membershipId, orgAdmin.auth).expect(403)).body.code).toBe(
      'role_not_below_caller',
    );
    expect((await patch(wsAdmin.membershipId, orgAdmin.auth, 'member').expect(403)).body.code).toBe(
      'role_not_below_caller',
    );
    await patch(wsWriter.membershipId, orgAdmin.auth, 'member').expect(200);

    // The same admin who is also a workspace owner acts as owner there (the higher role wins).
    await t.http
      .post(membersPath(workspace))
      .set(auth)
      .send({ user_id: orgAdmin.userId, role: 'owner' })
      .expect(201);
    await add(orgAdmin.auth, workspace, 'owner').expect(201);
    await patch(wsAdmin.membershipId, orgAdmin.auth, 'writer').expect(200);
    await remove(wsAdmin.membershipId, orgAdmin.auth).expect(204);
    // ...and still only as admin on the other workspace.
    await add(orgAdmin.auth, other, 'owner').expect(403);

    // An organization writer who is a workspace admin manages that workspace only.
    const writer = await addSignedInMember(t, owner.token, org, 'writer');
    await t.http
      .post(membersPath(workspace))
      .set(auth)
      .send({ user_id: writer.userId, role: 'admin' })
      .expect(201);
    await add(writer.auth, workspace, 'admin').expect(201);
    expect((await add(writer.auth, other, 'member').expect(403)).body.code).toBe('permission_denied');
    await t.http.get(membersPath(other)).set(writer.auth).expect(200);
    expect((await add(writer.auth, org, 'member').expect(403)).body.code).toBe('permission_denied');

    // A billing admin carries nothing into workspaces, but a workspace role of their own counts.
    const billing = await addSignedInMember(t, owner.token, org, 'billing_admin');
    await t.http.get(membersPath(workspace)).set(billing.auth).expect(403);
    await t.http
      .post(membersPath(workspace))
      .set(auth)
      .send({ user_id: billing.userId, role: 'admin' })
      .expect(201);
    await add(billing.auth, workspace, 'writer').expect(201);
    await t.http.get(membersPath(other)).set(billing.auth).expect(403);

    // Pending invitations grant nothing until each is accepted.
    const email = uniqueEmail('invitee');
    const toOrg = await t.http.post(membersPath(org)).set(auth).send({ email, role: 'member' }).expect(201);
    const toWorkspace = await t.http
      .post(membersPath(workspace))
      .set(auth)
      .send({ email, role: 'admin' })
      .expect(201);
    expect([toOrg.body.status, toWorkspace.body.status]).toEqual(['pending', 'pending']);
    const link = tokenFrom(t.mailer.last()?.text ?? '');
    await t.http
      .post('/v1/public/password-links/redeem')
      .send({ token: link, password: 'invitee-pass-1' })
      .expect(200);
    const signIn = await t.http
      .post('/v1/auth/token')
      .send({ email, password: 'invitee-pass-1' })
      .expect(200);
    const invitee = bearer(signIn.body.access_token);
    await t.http.get(`/v1/workspaces/${workspace.id}`).set(invitee).expect(403);
    await t.http.post(`/v1/memberships/${toOrg.body.id}/accept`).set(invitee).expect(200);
    await t.http.get(`/v1/workspaces/${workspace.id}`).set(invitee).expect(200);
    await add(invitee, workspace, 'member').expect(403);
    await t.http.post(`/v1/memberships/${toWorkspace.body.id}/accept`).set(invitee).expect(200);
    await add(invitee, workspace, 'member').expect(201);
  });

  it('memberships are independent per scope: removing the organization one leaves the workspace one', async () => {
    const { owner, auth, org } = await organization();
    const ws = await t.http
      .post(`/v1/organizations/${org.id}/workspaces`)
      .set(auth)
      .send({ name: 'Kept' })
      .expect(201);
    const workspace = { type: 'workspace' as const, id: ws.body.id as string };
    const member = await addSignedInMember(t, owner.token, org, 'writer');
    const inWorkspace = await t.http
      .post(membersPath(workspace))
      .set(auth)
      .send({ user_id: member.userId, role: 'writer' })
      .expect(201);
    await remove(member.membershipId, auth).expect(204);
    await t.http.get(`/v1/organizations/${org.id}`).set(member.auth).expect(403);
    await t.http.get(`/v1/workspaces/${workspace.id}`).set(member.auth).expect(200);
    const list = await t.http.get('/v1/organizations').set(member.auth).expect(200);
    expect(list.body.organizations).toEqual([]);
    const me = await t.http.get('/v1/me').set(member.auth).expect(200);
    expect(me.body.memberships.map((m: { id: string }) => m.id)).toEqual([inWorkspace.body.id]);
  });

  it('expires_at: an expired membership grants nothing, and adding the user again replaces it', async () => {
    const { owner, auth, org } = await organization();
    const ws = await t.http
      .post(`/v1/organizations/${org.id}/workspaces`)
      .set(auth)
      .send({ name: 'Temp' })
      .expect(201);
    const workspace = { type: 'workspace' as const, id: ws.body.id as string };
    const member = await addSignedInMember(t, owner.token, org, 'member');
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const temp = await t.http
      .post(membersPath(workspace))
      .set(auth)
      .send({ user_id: member.userId, role: 'admin', expires_at: expiresAt })
      .expect(201);
    const invitee = uniqueEmail('late');
    const invite = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: invitee, role: 'writer', expires_at: expiresAt })
      .expect(201);
    const link = tokenFrom(t.mailer.last()?.text ?? '');
    await t.http
      .post('/v1/public/password-links/redeem')
      .send({ token: link, password: 'late-password-1' })
      .expect(200);
    const signIn = await t.http
      .post('/v1/auth/token')
      .send({ email: invitee, password: 'late-password-1' })
      .expect(200);
    const inviteeAuth = bearer(signIn.body.access_token);
    // While it lasts, the workspace admin role is the member's effective role there.
    await t.http
      .post(membersPath(workspace))
      .set(member.auth)
      .send({ email: uniqueEmail(), role: 'writer' })
      .expect(201);
    await new Promise((resolve) => setTimeout(resolve, 1600));

    // Expired: what their organization role carries in is all that is left (read, no manage_members).
    await t.http
      .post(membersPath(workspace))
      .set(member.auth)
      .send({ email: uniqueEmail(), role: 'writer' })
      .expect(403);
    await t.http.get(membersPath(workspace)).set(member.auth).expect(200);
    // The expired invitation is no longer listed and cannot be accepted.
    const pending = await t.http.get('/v1/me/pending-invitations').set(inviteeAuth).expect(200);
    expect(pending.body.invitations).toEqual([]);
    const late = await t.http.post(`/v1/memberships/${invite.body.id}/accept`).set(inviteeAuth).expect(404);
    expect(late.body.code).toBe('invitation_not_found');

    // Adding the user again is a new membership (201), with any role, not rule 6's existing one.
    const again = await t.http
      .post(membersPath(workspace))
      .set(auth)
      .send({ user_id: member.userId, role: 'writer' })
      .expect(201);
    expect(again.body).toMatchObject({ role: 'writer', status: 'accepted', expires_at: null });
    expect(again.body.id).not.toBe(temp.body.id);
    await t.http.get(`/v1/memberships/${temp.body.id}`).set(auth).expect(404);
    const readded = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: invitee, role: 'writer' })
      .expect(201);
    expect(readded.body).toMatchObject({ status: 'accepted', expires_at: null });
  });

  it('pending invitations: listed to the invitee only; accept 200, reject 204 keeps the login; 404 otherwise', async () => {
    const { auth, org, owner } = await organization();
    const ws = await t.http
      .post(`/v1/organizations/${org.id}/workspaces`)
      .set(auth)
      .send({ name: 'Docs' })
      .expect(201);
    const invitee = await organizationWithOwner(t);
    const inviteeAuth = bearer(invitee.token);
    // An existing user is accepted at once, so invite a new email and let them sign in.
    const email = uniqueEmail('pending');
    const onOrg = await t.http.post(membersPath(org)).set(auth).send({ email, role: 'writer' }).expect(201);
    const onWs = await t.http
      .post(membersPath({ type: 'workspace', id: ws.body.id }))
      .set(auth)
      .send({ email, role: 'admin' })
      .expect(201);
    const password = 'pending-password-1';
    await t.http
      .post('/v1/public/password-links/redeem')
      .send({ token: tokenFrom(t.mailer.last()?.text ?? ''), password })
      .expect(200);
    const signIn = await t.http.post('/v1/auth/token').send({ email, password }).expect(200);
    const me = bearer(signIn.body.access_token);

    const list = await t.http.get('/v1/me/pending-invitations').set(me).expect(200);
    expect(list.body).toEqual({
      invitations: [
        {
          membership_id: onOrg.body.id,
          scope_type: 'account',
          scope_id: org.id,
          scope_name: 'Acme',
          role: 'writer',
          inviter_name: owner.email,
          created_at: onOrg.body.created_at,
        },
        {
          membership_id: onWs.body.id,
          scope_type: 'workspace',
          scope_id: ws.body.id,
          scope_name: 'Docs',
          role: 'admin',
          inviter_name: owner.email,
          created_at: onWs.body.created_at,
        },
      ],
    });
    const theirs = await t.http.get('/v1/me/pending-invitations').set(inviteeAuth).expect(200);
    expect(theirs.body).toEqual({ invitations: [] });

    // Someone else's invitation is 404, for the inviter too.
    for (const caller of [inviteeAuth, auth]) {
      const res = await t.http.post(`/v1/memberships/${onOrg.body.id}/accept`).set(caller).expect(404);
      expect(res.body.code).toBe('invitation_not_found');
      await t.http.post(`/v1/memberships/${onOrg.body.id}/reject`).set(caller).expect(404);
    }
    await t.http.post('/v1/memberships/00000000-0000-4000-8000-000000000000/accept').set(me).expect(404);

    await t.http.post(`/v1/memberships/${onOrg.body.id}/accept`).set(me).expect(200);
    // No longer pending: 404 for both answers.
    await t.http.post(`/v1/memberships/${onOrg.body.id}/accept`).set(me).expect(404);
    await t.http.post(`/v1/memberships/${onOrg.body.id}/reject`).set(me).expect(404);

    const rejected = await t.http.post(`/v1/memberships/${onWs.body.id}/reject`).set(me).expect(204);
    expect(rejected.text).toBe('');
    await t.http.get(`/v1/memberships/${onWs.body.id}`).set(auth).expect(404);
    await t.http.post('/v1/auth/token').send({ email, password }).expect(200);
    const after = await t.http.get('/v1/me/pending-invitations').set(me).expect(200);
    expect(after.body.invitations).toEqual([]);
    expect((await auditOf(t, onWs.body.id)).map((e) => e.action)).toEqual([
      'membership.created',
      'membership.rejected',
    ]);
  });

  it('reset-password: 202 with the email outcome, a set-password link that cancels the older one; 409 for legacy users', async () => {
    const { owner, auth, org } = await organization();
    const member = await addSignedInMember(t, owner.token, org, 'member');
    const first = await t.http
      .post(`/v1/memberships/${member.membershipId}/reset-password`)
      .set(auth)
      .expect(202);
    expect(first.body).toEqual({ status: 'accepted', email_sent: true, email_skipped_reason: null });
    const firstMail = t.mailer.last();
    expect(firstMail).toMatchObject({ to: member.email, template: 'set_password' });
    expect(firstMail?.text).not.toContain('member-password-1');
    t.mailer.result = 'not_configured';
    const second = await t.http
      .post(`/v1/memberships/${member.membershipId}/reset-password`)
      .set(auth)
      .expect(202);
    expect(second.body).toEqual({
      status: 'accepted',
      email_sent: false,
      email_skipped_reason: 'smtp_not_configured',
    });
    await t.http
      .post('/v1/public/password-links/inspect')
      .send({ token: tokenFrom(firstMail?.text ?? '') })
      .expect(410);
    await t.http
      .post('/v1/public/password-links/inspect')
      .send({ token: tokenFrom(t.mailer.last()?.text ?? '') })
      .expect(200);
    expect((await auditOf(t, member.membershipId)).map((e) => e.action)).toContain(
      'membership.password_reset_sent',
    );

    const denied = await t.http
      .post(`/v1/memberships/${member.membershipId}/reset-password`)
      .set(member.auth);
    expect([denied.status, denied.body.code]).toEqual([403, 'permission_denied']);
    const [legacy] = await seedMembers(t, org, 1, { idpRealm: 'legacy-realm' });
    const refused = await t.http.post(`/v1/memberships/${legacy}/reset-password`).set(auth).expect(409);
    expect(refused.body.code).toBe('not_platform_sign_in');
    await t.http
      .post('/v1/memberships/00000000-0000-4000-8000-000000000000/reset-password')
      .set(auth)
      .expect(404);
  });

  it('frozen workspace: adding and role changes are 403 workspace_frozen; revoke, accept, reject and reset-password work', async () => {
    const { owner, auth, org } = await organization();
    const ws = await t.http
      .post(`/v1/organizations/${org.id}/workspaces`)
      .set(auth)
      .send({ name: 'W' })
      .expect(201);
    const workspace = { type: 'workspace' as const, id: ws.body.id as string };
    const writer = await addSignedInMember(t, owner.token, workspace, 'writer');
    const member = await addSignedInMember(t, owner.token, workspace, 'member');
    const other = await organizationWithOwner(t);
    const otherId = (await t.http.get('/v1/me').set(bearer(other.token)).expect(200)).body.id;
    const email = uniqueEmail('frozen');
    const pending1 = await t.http
      .post(membersPath(workspace))
      .set(auth)
      .send({ email, role: 'member' })
      .expect(201);
    const password = 'frozen-password-1';
    await t.http
      .post('/v1/public/password-links/redeem')
      .send({ token: tokenFrom(t.mailer.last()?.text ?? ''), password })
      .expect(200);
    const invited = bearer(
      (await t.http.post('/v1/auth/token').send({ email, password }).expect(200)).body.access_token,
    );

    await t.http
      .patch(`/v1/operator/workspaces/${workspace.id}`)
      .set(operator)
      .send({ frozen: true })
      .expect(200);
    const add = await t.http
      .post(membersPath(workspace))
      .set(auth)
      .send({ user_id: otherId, role: 'member' })
      .expect(403);
    expect(add.body.code).toBe('workspace_frozen');
    expect((await patch(writer.membershipId, auth, 'admin').expect(403)).body.code).toBe('workspace_frozen');
    await remove(member.membershipId, auth).expect(204);
    await t.http.post(`/v1/memberships/${writer.membershipId}/reset-password`).set(auth).expect(202);
    await t.http.post(`/v1/memberships/${pending1.body.id}/accept`).set(invited).expect(200);
    await t.http.get(membersPath(workspace)).set(auth).expect(200);
    // The organization itself is not frozen.
    await t.http.post(membersPath(org)).set(auth).send({ user_id: otherId, role: 'member' }).expect(201);
  });

  it('suspended organization: adding and role changes are 403 organization_suspended on it and its workspaces; revoking works', async () => {
    const { owner, auth, org } = await organization();
    const ws = await t.http
      .post(`/v1/organizations/${org.id}/workspaces`)
      .set(auth)
      .send({ name: 'W' })
      .expect(201);
    const workspace = { type: 'workspace' as const, id: ws.body.id as string };
    const writer = await addSignedInMember(t, owner.token, org, 'writer');
    const wsWriter = await addSignedInMember(t, owner.token, workspace, 'writer');
    const invite = await t.http
      .post(membersPath(org))
      .set(auth)
      .send({ email: uniqueEmail(), role: 'member' })
      .expect(201);
    const inviteeEmail = invite.body.user_email as string;
    const password = 'suspended-password-1';
    await t.http
      .post('/v1/public/password-links/redeem')
      .send({ token: tokenFrom(t.mailer.last()?.text ?? ''), password })
      .expect(200);
    const invited = bearer(
      (await t.http.post('/v1/auth/token').send({ email: inviteeEmail, password }).expect(200)).body
        .access_token,
    );

    await t.http
      .patch(`/v1/operator/organizations/${org.id}`)
      .set(operator)
      .send({ suspended: true })
      .expect(200);
    for (const scope of [org, workspace]) {
      const res = await t.http
        .post(membersPath(scope))
        .set(auth)
        .send({ email: uniqueEmail(), role: 'member' })
        .expect(403);
      expect(res.body.code).toBe('organization_suspended');
    }
    expect((await patch(writer.membershipId, auth, 'admin').expect(403)).body.code).toBe(
      'organization_suspended',
    );
    expect((await patch(wsWriter.membershipId, auth, 'admin').expect(403)).body.code).toBe(
      'organization_suspended',
    );
    await remove(writer.membershipId, auth).expect(204);
    await remove(wsWriter.membershipId, auth).expect(204);
    await t.http.post(`/v1/memberships/${invite.body.id}/reject`).set(invited).expect(204);
  });

  it('race: owners demoting themselves at once leave exactly one owner (one 409 last_owner)', async () => {
    const { owner, auth, org, ownerMembershipId } = await organization();
    const b = await addSignedInMember(t, owner.token, org, 'owner');
    const c = await addSignedInMember(t, owner.token, org, 'owner');
    const results = await Promise.all([
      patch(ownerMembershipId, auth, 'admin'),
      patch(b.membershipId, b.auth, 'member'),
      patch(c.membershipId, c.auth, 'writer'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409]);
    const refused = results.findIndex((r) => r.status === 409);
    expect(results[refused]?.body.code).toBe('last_owner');
    const survivor = [auth, b.auth, c.auth][refused] ?? auth;
    expect(await owners(survivor, org)).toHaveLength(1);
  });

  it('race: concurrent demotions and removals never leave a scope without an owner', async () => {
    for (let round = 0; round < 3; round++) {
      const { owner, auth, org, ownerMembershipId } = await organization();
      const b = await addSignedInMember(t, owner.token, org, 'owner');
      const results = await Promise.all([
        patch(ownerMembershipId, auth, 'admin'),
        patch(b.membershipId, b.auth, 'admin'),
        remove(b.membershipId, auth),
        remove(ownerMembershipId, b.auth),
      ]).catch((error: unknown) => {
        // A 500 fails the response check inside the request: show what the server logged about it.
        console.error(
          t.logs
            .filter((line) => /"level":50/.test(line))
            .slice(-4)
            .join('\n'),
        );
        throw error;
      });
      const [demoteA, demoteB, removeB, removeA] = results.map((r) => r.status);
      expect([demoteA, demoteB].sort()).toEqual([200, 409]);
      // Whoever is still owner cannot be removed; a demoted owner may be removed by the remaining one.
      expect(removeB === 403 || (removeB === 204 && demoteB === 200)).toBe(true);
      expect(removeA === 403 || (removeA === 204 && demoteA === 200)).toBe(true);
      expect(results.every((r) => r.status < 500)).toBe(true);
      const survivor = demoteA === 409 ? auth : b.auth;
      expect(await owners(survivor, org)).toHaveLength(1);
    }
  });
});

/** A unit of work whose transactions, or write batches, start 150 ms late. */
function late(which: 'transaction' | 'batch'): ContainerModule {
  const delay = () => new Promise((resolve) => setTimeout(resolve, 150));
  return new ContainerModule(({ rebind }) => {
    void rebind<UnitOfWork>(UNIT_OF_WORK)
      .toResolvedValue(
        (db: Database): UnitOfWork => ({
          read: db.uow.read,
          transaction: async (work) => {
            if (which === 'transaction') await delay();
            return db.uow.transaction(work);
          },
          batch: async (work) => {
            if (which === 'batch') await delay();
            return db.uow.batch(work);
          },
        }),
        [DATABASE],
      )
      .inSingletonScope();
  });
}

/**
 * Every transaction of this server starts 150 ms late, so the second of two
 * accepts fired at once always reads the invitation while it is still
 * pending: on PGlite too, whose single session would otherwise run the first
 * request to its end before the second reads anything.
 */
const lateTransactions = late('transaction');

describe.each(CONCURRENT_DATABASES)('memberships: concurrent accepts on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, {}, [lateTransactions]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('two accepts at once give one 200 and one 409 membership_already_accepted', async () => {
    const owner = await organizationWithOwner(t);
    const email = uniqueEmail('racer');
    const invite = await t.http
      .post(membersPath({ type: 'account', id: owner.organizationId }))
      .set(bearer(owner.token))
      .send({ email, role: 'member' })
      .expect(201);
    const password = 'racer-password-1';
    await t.http
      .post('/v1/public/password-links/redeem')
      .send({ token: tokenFrom(t.mailer.last()?.text ?? ''), password })
      .expect(200);
    const me = bearer(
      (await t.http.post('/v1/auth/token').send({ email, password }).expect(200)).body.access_token,
    );
    const accept = () => t.http.post(`/v1/memberships/${invite.body.id}/accept`).set(me);
    const results = await Promise.all([accept(), accept()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.code).toBe('membership_already_accepted');
    expect((await auditOf(t, invite.body.id)).filter((e) => e.action === 'membership.accepted')).toHaveLength(
      1,
    );
    // Afterwards it is simply no longer pending.
    expect((await accept()).status).toBe(404);
  });
});

/**
 * Every write batch of this server is applied 150 ms late, so two adds of one
 * new email fired at once both find no login before either writes: the
 * second batch meets the first's login (the unique email), writes nothing,
 * and the add runs again as a transaction that finds it.
 */
const lateBatches = late('batch');

describe.each(CONCURRENT_DATABASES)('memberships: one new email added twice at once on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, {}, [lateBatches]);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Both adds at once; the logins and memberships the email then has, as the database holds them. */
  async function addTwice(roles: [string, string]) {
    const owner = await organizationWithOwner(t);
    const org = { type: 'account' as const, id: owner.organizationId };
    const email = uniqueEmail('twice');
    const results = await Promise.all(
      roles.map((role) => t.http.post(membersPath(org)).set(bearer(owner.token)).send({ email, role })),
    );
    const db = await t.running.container.getAsync<Database>(DATABASE);
    const memberships: { id: string }[] = await db.dataSource.query(
      'SELECT m.id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1',
      [email],
    );
    return { results, memberships };
  }

  it('the same role: one 201 and one 200 answering that membership, with one login and one audit event', async () => {
    const { results, memberships } = await addTwice(['member', 'member']);
    expect(results.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(memberships).toHaveLength(1);
    const id = memberships[0]?.id as string;
    expect(results.map((r) => r.body.id)).toEqual([id, id]);
    expect((await auditOf(t, id)).map((e) => e.action)).toEqual(['membership.created']);
  });

  it('another role: one 201 and one 409 membership_role_conflict', async () => {
    const { results, memberships } = await addTwice(['member', 'admin']);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body.code).toBe('membership_role_conflict');
    expect(memberships).toHaveLength(1);
  });
});
