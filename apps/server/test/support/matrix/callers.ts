import { randomUUID } from 'node:crypto';
import {
  type AppUser,
  type AppUserSession,
  type PlatformSignIn,
  type Role,
  UNIT_OF_WORK,
  type UnitOfWork,
} from '@groundfloor/domain';
import { bearer, operator, organizationWithOwner } from '../api';
import { userIdOf } from '../seed';
import type { TestServer } from '../test-server';
import { workspaceWithOwner } from '../workspace';
import type { CallerName } from './declared-matrix';

/** One caller: the headers it sends, and the person behind it when there is one. */
export interface Caller {
  readonly headers: Readonly<Record<string, string>>;
  /** `password` changes when the matrix changes it (`POST /v1/me/password`). */
  readonly person: { readonly userId: string; readonly email: string; password: string } | null;
}

/** Organization O, its workspace W and every caller of the matrix. */
export interface MatrixWorld {
  readonly t: TestServer;
  readonly uow: UnitOfWork;
  readonly organizationId: string;
  readonly workspaceId: string;
  readonly devId: string;
  readonly prodId: string;
  /** O's owner, for preparing targets over HTTP. */
  readonly owner: Caller & { readonly person: NonNullable<Caller['person']> };
  /** The workload behind the `workload` caller. */
  readonly workloadId: string;
  /**
   * The app user behind the `app_user` caller, as stored, so that a row that
   * deletes W's platform sign-in (and its users) can put it back: see
   * `restoreAppUserCaller`.
   */
  readonly appUser: {
    readonly user: AppUser;
    readonly session: AppUserSession;
    readonly platform: PlatformSignIn;
  };
  readonly callers: Readonly<Record<CallerName, Caller>>;
}

const PASSWORD = 'owner-password-1';

/**
 * Builds O (enterprise tier, so the workspaces the matrix creates never hit
 * a quota) with W, then one signed-in person per team column: each is the
 * owner of an organization of their own (so they can sign in) and holds the
 * column's membership on O or W, written through the repositories.
 */
export async function buildMatrixWorld(t: TestServer): Promise<MatrixWorld> {
  const uow = await t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
  const home = await workspaceWithOwner(t);
  const organizationId = home.owner.organizationId;
  await t.http
    .patch(`/v1/operator/organizations/${organizationId}`)
    .set(operator)
    .send({ plan_tier: 'enterprise' })
    .expect(200);
  const workspaceId = home.workspaceId;

  const person = async (): Promise<Caller & { person: NonNullable<Caller['person']> }> => {
    const own = await organizationWithOwner(t);
    return {
      headers: bearer(own.token),
      person: { userId: await userIdOf(t, own.email), email: own.email, password: PASSWORD },
    };
  };
  const grant = async (
    caller: Caller,
    scope: { type: 'account' | 'workspace'; id: string },
    role: Role,
    extra: { status?: 'pending' | 'accepted'; expiresAt?: Date } = {},
  ) => {
    const userId = caller.person?.userId;
    if (!userId) throw new Error('only people hold memberships');
    await uow.transaction((tx) =>
      tx.memberships.save({
        id: randomUUID(),
        userId,
        scopeType: scope.type,
        scopeId: scope.id,
        role,
        status: extra.status ?? 'accepted',
        // Created in the past, so that an expiry in the past is a real expiry.
        createdAt: new Date(Date.now() - 60_000),
        expiresAt: extra.expiresAt ?? null,
        invitedByUserId: null,
      }),
    );
    return caller;
  };
  const O = { type: 'account' as const, id: organizationId };
  const W = { type: 'workspace' as const, id: workspaceId };
  const m2m = async (scopes: string[]): Promise<Caller> => {
    const client = await t.http
      .post(`/v1/workspaces/${workspaceId}/m2m/clients`)
      .set(home.auth)
      .send({ name: `matrix ${scopes.join(' ') || 'no scopes'}`, scopes })
      .expect(201);
    const token = await t.http
      .post(`/v1/workspaces/${workspaceId}/m2m/token`)
      .send({ client_id: client.body.client_id, client_secret: client.body.client_secret })
      .expect(200);
    return { headers: bearer(token.body.access_token), person: null };
  };

  const workload = await t.http
    .post(`/v1/workspaces/${workspaceId}/coderunners`)
    .set(home.auth)
    .send({ name: 'matrix workload', kind: 'service' })
    .expect(201);
  const workloadId = workload.body.id as string;
  const workloadToken = await t.http
    .post(`/v1/workspaces/${workspaceId}/coderunners/${workloadId}/identity-token`)
    .set(home.auth)
    .expect(200);

  // W has active platform sign-in with multi-tenant on, and one app user
  // (role `user`) signed in: the `app_user` caller.
  await t.http
    .put(`/v1/workspaces/${workspaceId}/auth`)
    .set(home.auth)
    .send({ mode: 'platform', multi_tenant: { enabled: true } })
    .expect(200);
  const appUserEmail = `matrix-app-user-${randomUUID().slice(0, 8)}@example.test`;
  const addedAppUser = await t.http
    .post(`/v1/workspaces/${workspaceId}/users/add`)
    .set(home.auth)
    .send({ email: appUserEmail, password: 'app user password', temporary_password: false })
    .expect(201);
  const appUserTokens = await t.http
    .post(`/v1/public/workspaces/${workspaceId}/token`)
    .send({ email: appUserEmail, password: 'app user password' })
    .expect(200);
  const sid = JSON.parse(
    Buffer.from(appUserTokens.body.access_token.split('.')[1], 'base64url').toString(),
  ).sid;
  const storedAppUser = await uow.read.appUsers.findById(workspaceId, addedAppUser.body.id);
  const storedSession = await uow.read.appUserSessions.findById(sid);
  const storedPlatform = (await uow.read.signInConfigs.find(workspaceId))?.platform;
  if (!storedAppUser || !storedSession || !storedPlatform)
    throw new Error('the matrix app user was not stored');

  const callers: Record<CallerName, Caller> = {
    anon: { headers: {}, person: null },
    operator: { headers: operator, person: null },
    'o:owner': await grant(await person(), O, 'owner'),
    'o:admin': await grant(await person(), O, 'admin'),
    'o:billing': await grant(await person(), O, 'billing_admin'),
    'o:writer': await grant(await person(), O, 'writer'),
    'o:member': await grant(await person(), O, 'member'),
    'o:partner': await grant(await person(), O, 'partner'),
    'w:owner': await grant(await person(), W, 'owner'),
    'w:admin': await grant(await person(), W, 'admin'),
    'w:writer': await grant(await person(), W, 'writer'),
    'w:member': await grant(await person(), W, 'member'),
    'w:partner': await grant(await person(), W, 'partner'),
    pending: await grant(await person(), O, 'admin', { status: 'pending' }),
    expired: await grant(await person(), O, 'admin', { expiresAt: new Date(Date.now() - 1000) }),
    outsider: await person(),
    m2m: await m2m([]),
    'm2m:secrets': await m2m(['secrets:read']),
    workload: { headers: bearer(workloadToken.body.access_token), person: null },
    app_user: { headers: bearer(appUserTokens.body.access_token), person: null },
  };
  const owner = {
    headers: home.auth,
    person: { userId: await userIdOf(t, home.owner.email), email: home.owner.email, password: PASSWORD },
  };
  return {
    t,
    uow,
    organizationId,
    workspaceId,
    devId: home.devId,
    prodId: home.prodId,
    owner,
    workloadId,
    appUser: { user: storedAppUser, session: storedSession, platform: storedPlatform },
    callers,
  };
}

/**
 * Puts back W's active platform sign-in (multi-tenant on) and the matrix app
 * user with its session, as they were: the same ids and issuer, so the
 * `app_user` caller's token works again after a row deleted them
 * (`DELETE …/auth/platform`).
 */
export async function restoreAppUserCaller(w: MatrixWorld): Promise<void> {
  await w.uow.transaction(async (tx) => {
    const config = await tx.signInConfigs.findForUpdate(w.workspaceId);
    if (!config) throw new Error('W has no sign-in configuration');
    await tx.signInConfigs.save({
      ...config,
      mode: 'platform',
      platform: { ...w.appUser.platform },
      multiTenant: { enabled: true },
    });
    if (!(await tx.appUsers.findById(w.workspaceId, w.appUser.user.id)))
      await tx.appUsers.save(w.appUser.user);
    await tx.appUserSessions.save(w.appUser.session);
  });
}
