import type { CreateTenantInput } from '../../src';
import { addUser, anAppUserWorld, emailedToken, inspect, inviteUser } from '../support/app-user-world';
import { anOidcConnection, putAuth } from '../support/sign-in-world';
import {
  aMember,
  audited,
  aWorkspaceWorld,
  ctx,
  freeze,
  type WorkspaceWorld,
} from '../support/workspace-world';

const code = (c: string) => expect.objectContaining({ code: c });

const create = (world: WorkspaceWorld, body: Omit<CreateTenantInput, 'userId' | 'workspaceId' | 'context'>) =>
  world.uc.tenants.create.execute({
    userId: world.ownerId,
    workspaceId: world.workspaceId,
    ...body,
    context: ctx(world.ownerId),
  });
const scope = (world: WorkspaceWorld, tenantId: string, userId = world.ownerId) => ({
  userId,
  workspaceId: world.workspaceId,
  tenantId,
  context: ctx(userId),
});
const addMember = (
  world: WorkspaceWorld,
  tenantId: string,
  body: { memberUserId?: string; email?: string },
) => world.uc.tenants.addMember.execute({ ...scope(world, tenantId), ...body });

describe('tenants', () => {
  it('need active platform sign-in, then multi-tenant (409 each)', async () => {
    const world = await aWorkspaceWorld();
    const list = () =>
      world.uc.tenants.list.execute({ userId: world.ownerId, workspaceId: world.workspaceId });
    await expect(list()).rejects.toEqual(code('platform_sign_in_required'));
    await putAuth(world, { mode: 'platform' });
    await expect(list()).rejects.toEqual(code('multi_tenant_disabled'));
    await expect(create(world, { name: 'Acme' })).rejects.toEqual(code('multi_tenant_disabled'));
    await putAuth(world, { multiTenant: { enabled: true } });
    expect(await list()).toEqual([]);
  });

  it('create, read, update and delete, with alias and domains checked', async () => {
    const world = await anAppUserWorld({ multiTenant: true });
    const tenant = await create(world, {
      name: ' Acme ',
      alias: 'acme',
      domains: ['Acme.EXAMPLE', 'acme.example'],
    });
    expect(tenant).toMatchObject({ name: 'Acme', alias: 'acme', domains: ['acme.example'], enabled: true });
    await expect(create(world, { name: 'Other', alias: 'acme' })).rejects.toEqual(code('tenant_alias_taken'));
    await expect(create(world, { name: 'Other', alias: 'Not An Alias' })).rejects.toEqual(
      code('invalid_tenant_alias'),
    );
    // Tenants without an alias are keyed by id in the `organization` claim: an id-shaped alias could take one's key.
    const keyedById = await create(world, { name: 'No alias' });
    await expect(create(world, { name: 'Other', alias: keyedById.id })).rejects.toEqual(
      code('invalid_tenant_alias'),
    );
    await expect(
      world.uc.tenants.update.execute({ ...scope(world, tenant.id), alias: keyedById.id }),
    ).rejects.toEqual(code('invalid_tenant_alias'));
    await expect(create(world, { name: 'Other', domains: ['not a domain'] })).rejects.toEqual(
      code('invalid_tenant_domains'),
    );
    await expect(create(world, { name: '' })).rejects.toEqual(code('invalid_name'));
    const updated = await world.uc.tenants.update.execute({
      ...scope(world, tenant.id),
      name: 'Acme Inc',
      alias: null,
    });
    expect(updated).toMatchObject({ name: 'Acme Inc', alias: null });
    expect(await world.uc.tenants.get.execute(scope(world, tenant.id))).toEqual(updated);
    await world.uc.tenants.delete.execute(scope(world, tenant.id));
    await expect(world.uc.tenants.get.execute(scope(world, tenant.id))).rejects.toEqual(
      code('tenant_not_found'),
    );
    expect(audited(world, 'tenant.created')).toHaveLength(2);
  });

  it('while frozen: no create or changes, but disabling, removing members and deleting pass', async () => {
    const world = await anAppUserWorld({ multiTenant: true });
    const tenant = await create(world, { name: 'Acme' });
    const { view } = await addUser(world, { email: 'a@example.test', password: 'a good password' });
    await addMember(world, tenant.id, { memberUserId: view.user.id });
    await freeze(world);
    await expect(create(world, { name: 'B' })).rejects.toEqual(code('workspace_frozen'));
    await expect(world.uc.tenants.update.execute({ ...scope(world, tenant.id), name: 'X' })).rejects.toEqual(
      code('workspace_frozen'),
    );
    await expect(addMember(world, tenant.id, { memberUserId: view.user.id })).rejects.toEqual(
      code('workspace_frozen'),
    );
    await world.uc.tenants.update.execute({ ...scope(world, tenant.id), enabled: false });
    await world.uc.tenants.removeMember.execute({ ...scope(world, tenant.id), memberUserId: view.user.id });
    await world.uc.tenants.delete.execute(scope(world, tenant.id));
  });

  it('reads need read, changes administer', async () => {
    const world = await anAppUserWorld({ multiTenant: true });
    const tenant = await create(world, { name: 'Acme' });
    const member = await aMember(world, 'member');
    await world.uc.tenants.get.execute(scope(world, tenant.id, member));
    await expect(world.uc.tenants.delete.execute(scope(world, tenant.id, member))).rejects.toEqual(
      code('permission_denied'),
    );
  });

  it('deleting a tenant keeps its users and unlinks SSO connections from it', async () => {
    const world = await anAppUserWorld({ multiTenant: true });
    const tenant = await create(world, { name: 'Acme' });
    const { view } = await addUser(world, { email: 'a@example.test', password: 'a good password' });
    await addMember(world, tenant.id, { memberUserId: view.user.id });
    const connection = await anOidcConnection(world, tenant.id);
    await world.uc.tenants.delete.execute(scope(world, tenant.id));
    expect(world.deps.uow.tables.appUsers.has(view.user.id)).toBe(true);
    expect(world.deps.uow.tables.ssoConnections.get(connection.id)?.organizationId).toBeNull();
  });
});

describe('tenant members', () => {
  it('adds by user_id (404 unknown) and by the email of someone who can sign in, without an invitation', async () => {
    const world = await anAppUserWorld({ multiTenant: true });
    const tenant = await create(world, { name: 'Acme' });
    const { view } = await addUser(world, { email: 'a@example.test', password: 'a good password' });
    const sent = world.deps.mailer.sent.length;
    const byEmail = await addMember(world, tenant.id, { email: 'A@example.test' });
    expect(byEmail).toMatchObject({
      created: true,
      invited: false,
      member: { user: { user: { id: view.user.id }, inviteLinkExpiresAt: null } },
    });
    expect(world.deps.mailer.sent).toHaveLength(sent);
    const again = await addMember(world, tenant.id, { memberUserId: view.user.id });
    expect(again.created).toBe(false);
    await expect(addMember(world, tenant.id, { memberUserId: world.deps.ids.next() })).rejects.toEqual(
      code('app_user_not_found'),
    );
    await expect(addMember(world, tenant.id, {})).rejects.toEqual(code('user_id_or_email'));
    await expect(
      addMember(world, tenant.id, { memberUserId: view.user.id, email: 'a@example.test' }),
    ).rejects.toEqual(code('user_id_or_email'));
    await expect(addMember(world, world.deps.ids.next(), { memberUserId: view.user.id })).rejects.toEqual(
      code('tenant_not_found'),
    );
  });

  it('an email of nobody becomes a pending user invited as POST /users does; a pending one is re-invited (resend limits)', async () => {
    const world = await anAppUserWorld({ multiTenant: true });
    const tenant = await create(world, { name: 'Acme' });
    const added = await addMember(world, tenant.id, { email: 'new@example.test' });
    expect(added).toMatchObject({ created: true, invited: true });
    expect(added.member.user.user).toMatchObject({
      email: 'new@example.test',
      passwordHash: null,
      lastEmail: { sent: true },
    });
    // The invitation's link, as GET /users/{id} shows it.
    const expiresAt = new Date(world.deps.clock.now().getTime() + 72 * 3600 * 1000);
    expect(added.member.user.inviteLinkExpiresAt).toEqual(expiresAt);
    await inspect(world, emailedToken(world, 'new@example.test'));
    const other = await create(world, { name: 'Beta' });
    await addMember(world, other.id, { email: 'new@example.test' });
    const third = await create(world, { name: 'Gamma' });
    await expect(addMember(world, third.id, { email: 'new@example.test' })).rejects.toEqual(
      code('invite_resend_too_soon'),
    );
    const page = await world.uc.tenants.listMembers.execute(scope(world, other.id));
    expect(page.members.map((m) => m.user.user.email)).toEqual(['new@example.test']);
  });

  it('removing a member keeps the login (404 for one who is not a member)', async () => {
    const world = await anAppUserWorld({ multiTenant: true });
    const tenant = await create(world, { name: 'Acme' });
    const { view } = await inviteUser(world, { email: 'a@example.test', tenantId: tenant.id });
    const remove = () =>
      world.uc.tenants.removeMember.execute({ ...scope(world, tenant.id), memberUserId: view.user.id });
    await remove();
    expect(world.deps.uow.tables.appUsers.has(view.user.id)).toBe(true);
    await expect(remove()).rejects.toEqual(code('tenant_member_not_found'));
  });

  it('lists members with their invite link expiry, as GET /users/{id}, in one query for the page', async () => {
    const world = await anAppUserWorld({ multiTenant: true });
    const tenant = await create(world, { name: 'Acme' });
    const invited = await inviteUser(world, { email: 'a@example.test', tenantId: tenant.id });
    world.deps.clock.advance(1);
    await inviteUser(world, { email: 'b@example.test', tenantId: tenant.id, sendEmail: false });
    world.deps.clock.advance(1);
    const { view: added } = await addUser(world, { email: 'c@example.test', password: 'a good password' });
    await addMember(world, tenant.id, { memberUserId: added.user.id });
    const usableUntil = jest.spyOn(world.deps.uow.read.appUserLinks, 'usableUntil');
    const page = await world.uc.tenants.listMembers.execute(scope(world, tenant.id));
    expect(usableUntil).toHaveBeenCalledTimes(1);
    expect(page.members.map((m) => [m.user.user.email, m.user.inviteLinkExpiresAt])).toEqual([
      ['a@example.test', invited.view.inviteLinkExpiresAt],
      ['b@example.test', null],
      ['c@example.test', null],
    ]);
    expect(invited.view.inviteLinkExpiresAt).not.toBeNull();
  });

  it('lists members oldest first, paged', async () => {
    const world = await anAppUserWorld({ multiTenant: true });
    const tenant = await create(world, { name: 'Acme' });
    for (const n of ['a', 'b', 'c']) {
      await inviteUser(world, { email: `${n}@example.test`, tenantId: tenant.id, sendEmail: false });
      world.deps.clock.advance(1);
    }
    const page = await world.uc.tenants.listMembers.execute({
      ...scope(world, tenant.id),
      first: 1,
      limit: 1,
    });
    expect(page).toMatchObject({ total: 3, first: 1, limit: 1 });
    expect(page.members.map((m) => m.user.user.email)).toEqual(['b@example.test']);
    await expect(
      world.uc.tenants.listMembers.execute({ ...scope(world, tenant.id), limit: 201 }),
    ).rejects.toEqual(code('invalid_page'));
  });
});
