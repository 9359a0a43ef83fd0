import { randomUUID } from 'node:crypto';
import { defaultSignInConfig } from '@groundfloor/domain';
import { uniqueEmail } from '../api';
import { tokenFrom } from '../members';
import { releaseRoutes } from '../releases';
import { appSeeder } from '../seed-apps';
import { seedTickets, ticketBody } from '../tickets';
import { type MatrixWorld, restoreAppUserCaller } from './callers';
import type { CallerName } from './declared-matrix';
import { UPSTREAM_REQUESTS } from './upstream-requests';

/** A valid request for one cell: what an allowed caller must get a 2xx for. */
export interface CellRequest {
  readonly path: string;
  readonly body?: unknown;
  /** A multipart upload instead of a JSON body. */
  readonly attach?: { readonly field: string; readonly content: Buffer; readonly filename: string };
}

type Build = (w: MatrixWorld, caller: CallerName) => Promise<CellRequest> | CellRequest;

const O = (w: MatrixWorld) => w.organizationId;
const W = (w: MatrixWorld) => w.workspaceId;
const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

/** A set-password link for a fresh invitee of O: the token from the email the invitation sent. */
async function freshLinkToken(w: MatrixWorld): Promise<string> {
  const email = uniqueEmail('link');
  await w.t.http
    .post(`/v1/scopes/account/${O(w)}/members`)
    .set(w.owner.headers)
    .send({ email, role: 'member' })
    .expect(201);
  const mail = [...w.t.mailer.sent].reverse().find((m) => m.to === email);
  return tokenFrom(mail?.text ?? '');
}

/** A fresh app of W (on dev), created by O's owner; `archived` archives it too. */
async function freshApp(
  w: MatrixWorld,
  options: { archived?: boolean } = {},
): Promise<{ id: string; slug: string }> {
  const slug = unique('app').toLowerCase();
  const app = await w.t.http
    .post(`/v1/workspaces/${W(w)}/apps`)
    .set(w.owner.headers)
    .send({ name: 'Matrix app', slug })
    .expect(201);
  if (options.archived) {
    await w.t.http
      .delete(`/v1/workspaces/${W(w)}/apps/${app.body.id}`)
      .set(w.owner.headers)
      .expect(204);
  }
  return { id: app.body.id as string, slug };
}

/** A fresh workload of W (never the matrix's own, so archiving it ends no caller). */
async function freshWorkload(w: MatrixWorld): Promise<string> {
  const created = await w.t.http
    .post(`/v1/workspaces/${W(w)}/coderunners`)
    .set(w.owner.headers)
    .send({ name: 'Matrix runner', kind: 'service' })
    .expect(201);
  return created.body.id as string;
}

/** A fresh collection of W that the matrix workload may read. */
async function freshCollection(w: MatrixWorld): Promise<string> {
  const name = `c_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await w.t.http
    .post(`/v1/workspaces/${W(w)}/vault/collections`)
    .set(w.owner.headers)
    .send({ name })
    .expect(201);
  await w.t.http
    .put(`/v1/workspaces/${W(w)}/vault/collections/${name}/acl`)
    .set(w.owner.headers)
    .send({
      grants: [{ role: 'admin', action: 'read' }],
      workload_grants: [{ coderunner_id: w.workloadId, action: 'read' }],
    })
    .expect(200);
  return name;
}

/** A fresh `member` of O: a login and an accepted membership, written through the repositories. */
async function freshMembership(w: MatrixWorld): Promise<string> {
  const userId = randomUUID();
  const membershipId = randomUUID();
  const now = new Date();
  await w.uow.transaction(async (tx) => {
    await tx.users.save({
      id: userId,
      email: uniqueEmail('target'),
      displayName: null,
      passwordHash: null,
      passwordChangeRequired: false,
      emailVerified: false,
      passwordSetByOrganizationId: null,
      createdAt: now,
      lastLoginAt: null,
      welcomeEmailSentAt: null,
      idpRealm: null,
    });
    await tx.memberships.save({
      id: membershipId,
      userId,
      scopeType: 'account',
      scopeId: O(w),
      role: 'member',
      status: 'accepted',
      createdAt: now,
      expiresAt: null,
      invitedByUserId: w.owner.person.userId,
    });
  });
  return membershipId;
}

/** A fresh pending invitation for the `pending` caller, on a new workspace of O. */
async function freshInvitationForPending(w: MatrixWorld): Promise<string> {
  const invitee = w.callers.pending.person?.userId;
  if (!invitee) throw new Error('the pending caller is a person');
  const workspaceId = randomUUID();
  const membershipId = randomUUID();
  const now = new Date();
  await w.uow.transaction(async (tx) => {
    await tx.workspaces.save({
      id: workspaceId,
      organizationId: O(w),
      name: unique('ws'),
      status: 'active',
      createdAt: now,
    });
    await tx.memberships.save({
      id: membershipId,
      userId: invitee,
      scopeType: 'workspace',
      scopeId: workspaceId,
      role: 'member',
      status: 'pending',
      createdAt: now,
      expiresAt: null,
      invitedByUserId: w.owner.person.userId,
    });
  });
  return membershipId;
}

/** A ticket of O opened by the caller (by O's owner for callers that are not people). */
async function freshTicket(w: MatrixWorld, caller: CallerName): Promise<string> {
  const requester = w.callers[caller].person?.userId ?? w.owner.person.userId;
  const [ticket] = await seedTickets(w.t, O(w), requester, 1);
  if (!ticket) throw new Error('no ticket seeded');
  return ticket.id;
}

async function freshSignIn(w: MatrixWorld) {
  const res = await w.t.http
    .post('/v1/auth/token')
    .send({ email: w.owner.person.email, password: w.owner.person.password })
    .expect(200);
  return res.body.refresh_token as string;
}

async function freshM2mClient(w: MatrixWorld) {
  const res = await w.t.http
    .post(`/v1/workspaces/${W(w)}/m2m/clients`)
    .set(w.owner.headers)
    .send({ name: unique('client'), scopes: [] })
    .expect(201);
  return { id: res.body.client_id as string, secret: res.body.client_secret as string };
}

async function freshFlag(w: MatrixWorld) {
  const key = unique('flag');
  await w.t.http
    .put(`/v1/workspaces/${W(w)}/flags/${key}`)
    .set(w.owner.headers)
    .send({ value: true })
    .expect(200);
  return key;
}

async function freshSecret(w: MatrixWorld) {
  const key = `MATRIX_${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
  await w.t.http
    .put(`/v1/workspaces/${W(w)}/secrets/${key}`)
    .set(w.owner.headers)
    .send({ value: 'matrix value' })
    .expect((res) => {
      if (res.status >= 300) throw new Error(`secret setup answered ${res.status}`);
    });
  return key;
}

/** W's apps for the release and domain rows, made once per world: a shell app with a published release, a standalone app. */
const matrixApps = new WeakMap<MatrixWorld, Promise<{ shell: string; standalone: string }>>();
function appsOf(w: MatrixWorld) {
  let apps = matrixApps.get(w);
  if (!apps) {
    apps = (async () => {
      const seed = await appSeeder(w.t, w.owner.person.userId, W(w));
      const shell = (await seed.shellApp()).id;
      const { releaseId } = await releaseRoutes(w.t, w.owner.headers, W(w), shell).publish(MATRIX_ENTRY);
      if (!releaseId) throw new Error('no release published');
      return { shell, standalone: (await seed.standaloneApp()).id };
    })();
    matrixApps.set(w, apps);
  }
  return apps;
}
const MATRIX_ENTRY = Buffer.from('export default "matrix";');
const shellPath = async (w: MatrixWorld, suffix: string) =>
  `/v1/workspaces/${W(w)}/apps/${(await appsOf(w)).shell}/releases${suffix}`;
const standalonePath = async (w: MatrixWorld, suffix: string) =>
  `/v1/workspaces/${W(w)}/apps/${(await appsOf(w)).standalone}/coderunner${suffix}`;

/** A fresh release of the shell app, made by O's owner; uploaded unless told otherwise. */
async function freshRelease(w: MatrixWorld, upload = true): Promise<string> {
  const releases = releaseRoutes(w.t, w.owner.headers, W(w), (await appsOf(w)).shell);
  if (upload) return releases.uploaded(MATRIX_ENTRY);
  return (await releases.uploadUrl({ size_bytes: MATRIX_ENTRY.length }).expect(201)).body.release_id;
}

/** A fresh custom domain of the standalone app, added by O's owner. */
async function freshDomain(w: MatrixWorld): Promise<string> {
  const domain = `${unique('matrix')}.example.com`;
  await w.t.http
    .post(await standalonePath(w, '/domains'))
    .set(w.owner.headers)
    .send({ domain })
    .expect(201);
  return domain;
}

const ticketPath = async (w: MatrixWorld, caller: CallerName, suffix = '') =>
  `/v1/organizations/${O(w)}/support/tickets/${await freshTicket(w, caller)}${suffix}`;
const operatorTicketPath = async (w: MatrixWorld, suffix = '') =>
  `/v1/operator/support/tickets/${await freshTicket(w, 'anon')}${suffix}`;

/**
 * How to call each row of docs/authorization.md. Keys are the rows' keys;
 * a row without a builder, or a builder without a row, fails the test.
 */
/* Workspace sign-in (docs/sign-in.md). */

const SIGN_IN = (w: MatrixWorld) => `/v1/workspaces/${W(w)}/auth`;
const MATRIX_PNG = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]).toString('base64')}`;

/** W claims a fresh custom sign-in host (pending), so the verification routes have one. */
async function freshSignInHost(w: MatrixWorld): Promise<void> {
  await w.t.http
    .put(SIGN_IN(w))
    .set(w.owner.headers)
    .send({ host: { custom_domain: `${unique('login')}.example.com` } })
    .expect(200);
}

/** A fresh host written verified for W (DNS does not answer in the matrix). */
async function verifiedSignInHost(w: MatrixWorld): Promise<string> {
  const host = `${unique('verified')}.example.com`;
  await w.uow.transaction(async (tx) => {
    const config = (await tx.signInConfigs.findForUpdate(W(w))) ?? defaultSignInConfig(W(w), new Date());
    const now = new Date();
    await tx.signInConfigs.save({
      ...config,
      host: {
        customDomain: host,
        customDomainStatus: 'verified',
        verificationToken: 't',
        claimedAt: now,
        verifiedAt: now,
      },
    });
  });
  return host;
}

async function freshAppRole(w: MatrixWorld): Promise<string> {
  const name = unique('role').toLowerCase();
  await w.t.http
    .post(`/v1/workspaces/${W(w)}/auth-roles`)
    .set(w.owner.headers)
    .send({ name, permissions: ['vault:read'] })
    .expect(201);
  return name;
}

const MATRIX_OIDC = {
  protocol: 'oidc',
  name: 'Matrix IdP',
  issuer: 'https://idp.example.com',
  client_id: 'matrix',
  authorization_endpoint: 'https://idp.example.com/authorize',
};

/** A fresh SSO connection of W; the earlier ones go first, so the 50-per-workspace ceiling never answers. */
async function freshSsoConnection(w: MatrixWorld): Promise<string> {
  await w.uow.transaction((tx) => tx.ssoConnections.deleteAll(W(w)));
  const created = await w.t.http
    .post(`/v1/workspaces/${W(w)}/auth/sso`)
    .set(w.owner.headers)
    .send(MATRIX_OIDC)
    .expect(201);
  return created.body.id as string;
}

/* App users and tenants (issue 11). */

const USERS = (w: MatrixWorld) => `/v1/workspaces/${W(w)}/users`;
const TENANTS = (w: MatrixWorld) => `/v1/workspaces/${W(w)}/auth/tenants`;

/** A fresh pending app user of W, invited without an email. */
async function freshAppUser(w: MatrixWorld): Promise<string> {
  const created = await w.t.http
    .post(USERS(w))
    .set(w.owner.headers)
    .send({ email: uniqueEmail('app-user'), send_email: false })
    .expect(201);
  return created.body.id as string;
}

/** The token of a fresh one-time invite link (of a fresh pending app user). */
async function freshInviteLinkToken(w: MatrixWorld): Promise<string> {
  const link = await w.t.http
    .post(`${USERS(w)}/${await freshAppUser(w)}/invite-link`)
    .set(w.owner.headers)
    .expect(201);
  return (link.body.url as string).split('#token=')[1] as string;
}

/** A fresh app user of W with a password, to sign in with. */
async function freshAppUserCredentials(w: MatrixWorld): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('app-signin');
  const password = 'app user password';
  await w.t.http
    .post(`${USERS(w)}/add`)
    .set(w.owner.headers)
    .send({ email, password, temporary_password: false })
    .expect(201);
  return { email, password };
}

async function freshTenant(w: MatrixWorld): Promise<string> {
  const created = await w.t.http
    .post(TENANTS(w))
    .set(w.owner.headers)
    .send({ name: unique('Tenant') })
    .expect(201);
  return created.body.id as string;
}

/** A fresh tenant of W with a fresh member. */
async function freshTenantMember(w: MatrixWorld): Promise<{ tenantId: string; userId: string }> {
  const tenantId = await freshTenant(w);
  const userId = await freshAppUser(w);
  await w.t.http
    .post(`${TENANTS(w)}/${tenantId}/members`)
    .set(w.owner.headers)
    .send({ user_id: userId })
    .expect(201);
  return { tenantId, userId };
}

export const REQUESTS: Readonly<Record<string, Build>> = {
  'GET /healthz': () => ({ path: '/healthz' }),
  'GET /readyz': () => ({ path: '/readyz' }),
  'GET /v1/public/jwks.json': () => ({ path: '/v1/public/jwks.json' }),
  'GET /openapi.json': () => ({ path: '/openapi.json' }),
  'GET /docs': () => ({ path: '/docs' }),
  'GET /docs/redoc.standalone.js': () => ({ path: '/docs/redoc.standalone.js' }),
  'POST /v1/public/password-links/inspect': async (w) => ({
    path: '/v1/public/password-links/inspect',
    body: { token: await freshLinkToken(w) },
  }),
  'POST /v1/public/password-links/redeem': async (w) => ({
    path: '/v1/public/password-links/redeem',
    body: { token: await freshLinkToken(w), password: 'a-chosen-password' },
  }),
  'POST /v1/auth/token': (w) => ({
    path: '/v1/auth/token',
    body: { email: w.owner.person.email, password: w.owner.person.password },
  }),
  'POST /v1/auth/logout': async (w) => ({
    path: '/v1/auth/logout',
    body: { refresh_token: await freshSignIn(w) },
  }),
  'GET /v1/me': () => ({ path: '/v1/me' }),
  'GET /v1/me/capabilities': () => ({ path: '/v1/me/capabilities' }),
  'POST /v1/me/password': (w, caller) => {
    const person = w.callers[caller].person;
    const current = person?.password ?? 'not-a-person-1';
    // A new password (the current one again is refused); a person's next call starts from it.
    const next = current.endsWith('-b') ? `${current.slice(0, -2)}-a` : `${current.replace(/-a$/, '')}-b`;
    if (person) person.password = next;
    return { path: '/v1/me/password', body: { current_password: current, new_password: next } };
  },
  'GET /v1/me/pending-invitations': () => ({ path: '/v1/me/pending-invitations' }),
  'GET /v1/me/audit': () => ({ path: '/v1/me/audit' }),
  'GET /v1/organizations': () => ({ path: '/v1/organizations' }),
  'POST /v1/organizations': () => ({ path: '/v1/organizations', body: { name: unique('Org') } }),
  'GET /v1/billing/plans': () => ({ path: '/v1/billing/plans' }),
  'GET /v1/organizations/{organization_id}': (w) => ({ path: `/v1/organizations/${O(w)}` }),
  'GET /v1/organizations/{organization_id}/workspaces': (w) => ({
    path: `/v1/organizations/${O(w)}/workspaces`,
  }),
  'POST /v1/organizations/{organization_id}/workspaces': (w) => ({
    path: `/v1/organizations/${O(w)}/workspaces`,
    body: { name: unique('Workspace') },
  }),
  'GET /v1/organizations/{organization_id}/audit': (w) => ({ path: `/v1/organizations/${O(w)}/audit` }),
  'GET /v1/organizations/{organization_id}/quota': (w) => ({ path: `/v1/organizations/${O(w)}/quota` }),
  'GET /v1/accounts/{account_id}/quota': (w) => ({ path: `/v1/accounts/${O(w)}/quota` }),
  'GET /v1/organizations/{organization_id}/billing-statements': (w) => ({
    path: `/v1/organizations/${O(w)}/billing-statements`,
  }),
  'GET /v1/accounts/{organization_id}/billing-statements': (w) => ({
    path: `/v1/accounts/${O(w)}/billing-statements`,
  }),
  'GET /v1/organizations/{organization_id}/support/tickets': (w) => ({
    path: `/v1/organizations/${O(w)}/support/tickets`,
  }),
  'POST /v1/organizations/{organization_id}/support/tickets': (w) => ({
    path: `/v1/organizations/${O(w)}/support/tickets`,
    body: ticketBody(),
  }),
  'GET /v1/organizations/{organization_id}/support/tickets/{ticket_id}': async (w, c) => ({
    path: await ticketPath(w, c),
  }),
  'POST /v1/organizations/{organization_id}/support/tickets/{ticket_id}/messages': async (w, c) => ({
    path: await ticketPath(w, c, '/messages'),
    body: { body: 'Any news?' },
  }),
  'POST /v1/organizations/{organization_id}/support/tickets/{ticket_id}/resolve': async (w, c) => ({
    path: await ticketPath(w, c, '/resolve'),
  }),
  'POST /v1/organizations/{organization_id}/support/tickets/{ticket_id}/close': async (w, c) => ({
    path: await ticketPath(w, c, '/close'),
  }),
  'GET /v1/operator/organizations': () => ({ path: '/v1/operator/organizations' }),
  'POST /v1/operator/organizations': () => ({
    path: '/v1/operator/organizations',
    body: { name: unique('Operator org'), owner_email: uniqueEmail('op-owner') },
  }),
  'GET /v1/operator/organizations/{organization_id}': (w) => ({ path: `/v1/operator/organizations/${O(w)}` }),
  'PATCH /v1/operator/organizations/{organization_id}': (w) => ({
    path: `/v1/operator/organizations/${O(w)}`,
    body: { plan_tier: 'enterprise' },
  }),
  'PATCH /v1/operator/workspaces/{workspace_id}': (w) => ({
    path: `/v1/operator/workspaces/${W(w)}`,
    body: { frozen: false },
  }),
  'GET /v1/operator/support/tickets': () => ({ path: '/v1/operator/support/tickets' }),
  'GET /v1/operator/support/tickets/{ticket_id}': async (w) => ({ path: await operatorTicketPath(w) }),
  'PATCH /v1/operator/support/tickets/{ticket_id}': async (w) => ({
    path: await operatorTicketPath(w),
    body: { priority: 'high' },
  }),
  'POST /v1/operator/support/tickets/{ticket_id}/messages': async (w) => ({
    path: await operatorTicketPath(w, '/messages'),
    body: { body: 'Looking into it.' },
  }),
  'POST /v1/operator/support/tickets/{ticket_id}/redact': async (w) => ({
    path: await operatorTicketPath(w, '/redact'),
    body: { subject: true },
  }),
  'POST /v1/operator/support/tickets/{ticket_id}/resolve': async (w) => ({
    path: await operatorTicketPath(w, '/resolve'),
  }),
  'GET /v1/workspaces/{workspace_id}': (w) => ({ path: `/v1/workspaces/${W(w)}` }),
  'PATCH /v1/workspaces/{workspace_id}': (w) => ({ path: `/v1/workspaces/${W(w)}`, body: { name: 'Main' } }),
  'GET /v1/workspaces/{workspace_id}/environments': (w) => ({ path: `/v1/workspaces/${W(w)}/environments` }),
  'POST /v1/workspaces/{workspace_id}/environments': (w) => ({
    path: `/v1/workspaces/${W(w)}/environments`,
    body: { name: unique('env') },
  }),
  'PATCH /v1/workspaces/{workspace_id}/environments/{environment_id}': (w) => ({
    path: `/v1/workspaces/${W(w)}/environments/${w.prodId}`,
    body: { status: 'active' },
  }),
  'GET /v1/workspaces/{workspace_id}/audit': (w) => ({ path: `/v1/workspaces/${W(w)}/audit` }),
  'GET /v1/workspaces/{workspace_id}/flags': (w) => ({ path: `/v1/workspaces/${W(w)}/flags` }),
  'PUT /v1/workspaces/{workspace_id}/flags/{key}': (w) => ({
    path: `/v1/workspaces/${W(w)}/flags/${unique('flag')}`,
    body: { value: { on: true } },
  }),
  'DELETE /v1/workspaces/{workspace_id}/flags/{key}': async (w) => ({
    path: `/v1/workspaces/${W(w)}/flags/${await freshFlag(w)}`,
  }),
  'GET /v1/workspaces/{workspace_id}/flags/runtime': (w) => ({
    path: `/v1/workspaces/${W(w)}/flags/runtime`,
  }),
  'PUT /v1/workspaces/{workspace_id}/flags/runtime': (w) => ({
    path: `/v1/workspaces/${W(w)}/flags/runtime`,
    body: { value: 1 },
  }),
  'DELETE /v1/workspaces/{workspace_id}/flags/runtime': (w) => ({
    path: `/v1/workspaces/${W(w)}/flags/runtime`,
  }),
  'GET /v1/workspaces/{workspace_id}/m2m/clients': (w) => ({ path: `/v1/workspaces/${W(w)}/m2m/clients` }),
  'POST /v1/workspaces/{workspace_id}/m2m/clients': (w) => ({
    path: `/v1/workspaces/${W(w)}/m2m/clients`,
    body: { name: unique('client'), scopes: ['secrets:read'] },
  }),
  'DELETE /v1/workspaces/{workspace_id}/m2m/clients/{client_id}': async (w) => ({
    path: `/v1/workspaces/${W(w)}/m2m/clients/${(await freshM2mClient(w)).id}`,
  }),
  'POST /v1/workspaces/{workspace_id}/m2m/token': async (w) => {
    const client = await freshM2mClient(w);
    return {
      path: `/v1/workspaces/${W(w)}/m2m/token`,
      body: { client_id: client.id, client_secret: client.secret },
    };
  },
  'GET /v1/workspaces/{workspace_id}/secrets': (w) => ({ path: `/v1/workspaces/${W(w)}/secrets` }),
  'GET /v1/workspaces/{workspace_id}/secrets/{key}': async (w) => ({
    path: `/v1/workspaces/${W(w)}/secrets/${await freshSecret(w)}`,
  }),
  'PUT /v1/workspaces/{workspace_id}/secrets/{key}': (w) => ({
    path: `/v1/workspaces/${W(w)}/secrets/MATRIX_PUT_${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`,
    body: { value: 'matrix value', description: 'written by the authorization matrix' },
  }),
  'DELETE /v1/workspaces/{workspace_id}/secrets/{key}': async (w) => ({
    path: `/v1/workspaces/${W(w)}/secrets/${await freshSecret(w)}`,
  }),
  'GET /v1/workspaces/{workspace_id}/secrets/compare': (w) => ({
    path: `/v1/workspaces/${W(w)}/secrets/compare?source_environment_id=${w.devId}&target_environment_id=${w.prodId}`,
  }),
  'POST /v1/workspaces/{workspace_id}/secrets/promote': (w) => ({
    path: `/v1/workspaces/${W(w)}/secrets/promote`,
    body: { source_environment_id: w.devId, target_environment_id: w.prodId, dry_run: true },
  }),
  'GET /v1/workspaces/{workspace_id}/apps/{app_id}/releases': async (w) => ({ path: await shellPath(w, '') }),
  'GET /v1/workspaces/{workspace_id}/apps/{app_id}/releases/current': async (w) => ({
    path: await shellPath(w, '/current'),
  }),
  'POST /v1/workspaces/{workspace_id}/apps/{app_id}/releases/upload-url': async (w) => ({
    path: await shellPath(w, '/upload-url'),
    body: { size_bytes: MATRIX_ENTRY.length, label: 'matrix' },
  }),
  'PUT /v1/workspaces/{workspace_id}/apps/{app_id}/releases/{release_id}/content': async (w) => ({
    path: await shellPath(w, `/${await freshRelease(w, false)}/content`),
    body: MATRIX_ENTRY,
  }),
  'POST /v1/workspaces/{workspace_id}/apps/{app_id}/releases/{release_id}/finalize': async (w) => ({
    path: await shellPath(w, `/${await freshRelease(w)}/finalize`),
  }),
  'GET /v1/public/releases/{release_id}/{path}': async (w) => {
    const current = await w.t.http
      .get(await shellPath(w, '/current'))
      .set(w.owner.headers)
      .expect(200);
    return { path: `/v1/public/releases/${current.body.release_id}/remoteEntry.js` };
  },
  'GET /v1/workspaces/{workspace_id}/apps/{app_id}/coderunner/domains': async (w) => ({
    path: await standalonePath(w, '/domains'),
  }),
  'POST /v1/workspaces/{workspace_id}/apps/{app_id}/coderunner/domains': async (w) => ({
    path: await standalonePath(w, '/domains'),
    body: { domain: `${unique('matrix')}.example.com` },
  }),
  'DELETE /v1/workspaces/{workspace_id}/apps/{app_id}/coderunner/domains/{domain}': async (w) => ({
    path: await standalonePath(w, `/domains/${await freshDomain(w)}`),
  }),
  'POST /v1/workspaces/{workspace_id}/apps/{app_id}/coderunner/domains/{domain}/verify': async (w) => ({
    path: await standalonePath(w, `/domains/${await freshDomain(w)}/verify`),
  }),
  'GET /v1/workspaces/{workspace_id}/apps/{app_id}/coderunner/public': async (w) => ({
    path: await standalonePath(w, '/public'),
  }),
  'PUT /v1/workspaces/{workspace_id}/apps/{app_id}/coderunner/public': async (w) => ({
    path: await standalonePath(w, '/public'),
    body: { public: false },
  }),
  'GET /v1/scopes/{scope_type}/{scope_id}/members [account]': (w) => ({
    path: `/v1/scopes/account/${O(w)}/members`,
  }),
  'GET /v1/scopes/{scope_type}/{scope_id}/members [workspace]': (w) => ({
    path: `/v1/scopes/workspace/${W(w)}/members`,
  }),
  'POST /v1/scopes/{scope_type}/{scope_id}/members [account]': (w) => ({
    path: `/v1/scopes/account/${O(w)}/members`,
    body: { email: uniqueEmail('added'), role: 'member' },
  }),
  'POST /v1/scopes/{scope_type}/{scope_id}/members [workspace]': (w) => ({
    path: `/v1/scopes/workspace/${W(w)}/members`,
    body: { email: uniqueEmail('added'), role: 'member' },
  }),
  'GET /v1/memberships/{membership_id}': async (w) => ({
    path: `/v1/memberships/${await freshMembership(w)}`,
  }),
  'PATCH /v1/memberships/{membership_id}': async (w) => ({
    path: `/v1/memberships/${await freshMembership(w)}`,
    body: { role: 'writer' },
  }),
  'DELETE /v1/memberships/{membership_id}': async (w) => ({
    path: `/v1/memberships/${await freshMembership(w)}`,
  }),
  'POST /v1/memberships/{membership_id}/reset-password': async (w) => ({
    path: `/v1/memberships/${await freshMembership(w)}/reset-password`,
  }),
  'POST /v1/memberships/{membership_id}/accept': async (w) => ({
    path: `/v1/memberships/${await freshInvitationForPending(w)}/accept`,
  }),
  'POST /v1/memberships/{membership_id}/reject': async (w) => ({
    path: `/v1/memberships/${await freshInvitationForPending(w)}/reject`,
  }),
  'GET /v1/workspaces/{workspace_id}/coderunners': (w) => ({ path: `/v1/workspaces/${W(w)}/coderunners` }),
  'POST /v1/workspaces/{workspace_id}/coderunners': (w) => ({
    path: `/v1/workspaces/${W(w)}/coderunners`,
    body: { name: 'Runner', kind: 'job' },
  }),
  'GET /v1/workspaces/{workspace_id}/coderunners/{coderunner_id}': (w) => ({
    path: `/v1/workspaces/${W(w)}/coderunners/${w.workloadId}`,
  }),
  'DELETE /v1/workspaces/{workspace_id}/coderunners/{coderunner_id}': async (w) => ({
    path: `/v1/workspaces/${W(w)}/coderunners/${await freshWorkload(w)}`,
  }),
  'POST /v1/workspaces/{workspace_id}/coderunners/{coderunner_id}/identity-token': (w) => ({
    path: `/v1/workspaces/${W(w)}/coderunners/${w.workloadId}/identity-token`,
  }),
  'GET /v1/workspaces/{workspace_id}/apps': (w) => ({ path: `/v1/workspaces/${W(w)}/apps` }),
  'POST /v1/workspaces/{workspace_id}/apps': (w) => ({
    path: `/v1/workspaces/${W(w)}/apps`,
    body: { name: 'New app', slug: unique('new').toLowerCase() },
  }),
  'GET /v1/workspaces/{workspace_id}/apps/by-slug': async (w) => ({
    path: `/v1/workspaces/${W(w)}/apps/by-slug?slug=${(await freshApp(w)).slug}`,
  }),
  'GET /v1/workspaces/{workspace_id}/apps/compare': (w) => ({
    path: `/v1/workspaces/${W(w)}/apps/compare?source_environment_id=${w.devId}&target_environment_id=${w.prodId}`,
  }),
  'POST /v1/workspaces/{workspace_id}/apps/promote': async (w) => ({
    path: `/v1/workspaces/${W(w)}/apps/promote`,
    body: {
      source_environment_id: w.devId,
      target_environment_id: w.prodId,
      pairs: [{ source_app_id: (await freshApp(w)).id }],
      dry_run: true,
    },
  }),
  'GET /v1/workspaces/{workspace_id}/apps/{app_id}': async (w) => ({
    path: `/v1/workspaces/${W(w)}/apps/${(await freshApp(w)).id}`,
  }),
  'PATCH /v1/workspaces/{workspace_id}/apps/{app_id}': async (w) => ({
    path: `/v1/workspaces/${W(w)}/apps/${(await freshApp(w)).id}`,
    body: { name: 'Renamed' },
  }),
  'DELETE /v1/workspaces/{workspace_id}/apps/{app_id}': async (w) => ({
    path: `/v1/workspaces/${W(w)}/apps/${(await freshApp(w)).id}`,
  }),
  'POST /v1/workspaces/{workspace_id}/apps/{app_id}/restore': async (w) => ({
    path: `/v1/workspaces/${W(w)}/apps/${(await freshApp(w, { archived: true })).id}/restore`,
  }),
  'GET /v1/workspaces/{workspace_id}/apps/{app_id}/shell-config': async (w) => ({
    path: `/v1/workspaces/${W(w)}/apps/${(await freshApp(w)).id}/shell-config`,
  }),
  'GET /v1/workspaces/{workspace_id}/apps/{app_id}/access': async (w) => ({
    path: `/v1/workspaces/${W(w)}/apps/${(await freshApp(w)).id}/access`,
  }),
  'PUT /v1/workspaces/{workspace_id}/apps/{app_id}/access': async (w) => ({
    path: `/v1/workspaces/${W(w)}/apps/${(await freshApp(w)).id}/access`,
    body: { visibility: 'workspace', grants: [] },
  }),
  'GET /v1/workspaces/{workspace_id}/access': (w) => ({ path: `/v1/workspaces/${W(w)}/access` }),
  'PUT /v1/workspaces/{workspace_id}/access': (w) => ({ path: `/v1/workspaces/${W(w)}/access`, body: {} }),
  'GET /v1/workspaces/{workspace_id}/vault/collections': (w) => ({
    path: `/v1/workspaces/${W(w)}/vault/collections`,
  }),
  'POST /v1/workspaces/{workspace_id}/vault/collections': (w) => ({
    path: `/v1/workspaces/${W(w)}/vault/collections`,
    body: { name: `c_${randomUUID().replace(/-/g, '').slice(0, 12)}` },
  }),
  'DELETE /v1/workspaces/{workspace_id}/vault/collections/{name}': async (w) => ({
    path: `/v1/workspaces/${W(w)}/vault/collections/${await freshCollection(w)}`,
  }),
  'GET /v1/workspaces/{workspace_id}/vault/collections/{name}/acl': async (w) => ({
    path: `/v1/workspaces/${W(w)}/vault/collections/${await freshCollection(w)}/acl`,
  }),
  'PUT /v1/workspaces/{workspace_id}/vault/collections/{name}/acl': async (w) => ({
    path: `/v1/workspaces/${W(w)}/vault/collections/${await freshCollection(w)}/acl`,
    body: { grants: [{ role: 'user', action: 'read' }] },
  }),
  'GET /v1/public/workspaces/{workspace_id}/apps/{slug}': async (w) => ({
    path: `/v1/public/workspaces/${W(w)}/apps/${(await freshApp(w)).slug}`,
  }),
  'GET /v1/workspaces/{workspace_id}/auth': (w) => ({ path: SIGN_IN(w) }),
  'PUT /v1/workspaces/{workspace_id}/auth': (w) => ({ path: SIGN_IN(w), body: {} }),
  'DELETE /v1/workspaces/{workspace_id}/auth/platform': async (w, caller) => {
    // Deleting platform sign-in deletes W's app users: the matrix app user is
    // put back before each call, and the mode is switched away from
    // `platform` (else 409) for every caller but `app_user`, refused (403)
    // before anything, whose token must still be good.
    await restoreAppUserCaller(w);
    if (caller !== 'app_user')
      await w.t.http.put(SIGN_IN(w)).set(w.owner.headers).send({ mode: 'none' }).expect(200);
    return { path: `${SIGN_IN(w)}/platform`, body: { confirm_name: 'Main' } };
  },
  'POST /v1/workspaces/{workspace_id}/auth/mail/test': (w) => ({ path: `${SIGN_IN(w)}/mail/test` }),
  'POST /v1/workspaces/{workspace_id}/auth/host/verification': async (w) => {
    await freshSignInHost(w);
    return { path: `${SIGN_IN(w)}/host/verification` };
  },
  'POST /v1/workspaces/{workspace_id}/auth/host/verification/check': async (w) => {
    await freshSignInHost(w);
    return { path: `${SIGN_IN(w)}/host/verification/check` };
  },
  'GET /v1/workspaces/{workspace_id}/auth/permissions': (w) => ({ path: `${SIGN_IN(w)}/permissions` }),
  'GET /v1/workspaces/{workspace_id}/auth-roles': (w) => ({ path: `/v1/workspaces/${W(w)}/auth-roles` }),
  'POST /v1/workspaces/{workspace_id}/auth-roles': (w) => ({
    path: `/v1/workspaces/${W(w)}/auth-roles`,
    body: { name: unique('role').toLowerCase(), permissions: ['vault:read'] },
  }),
  'PATCH /v1/workspaces/{workspace_id}/auth-roles/{role_name}': async (w) => ({
    path: `/v1/workspaces/${W(w)}/auth-roles/${await freshAppRole(w)}`,
    body: { permissions: ['files:read'] },
  }),
  'GET /v1/workspaces/{workspace_id}/auth/sso': (w) => ({ path: `${SIGN_IN(w)}/sso` }),
  'POST /v1/workspaces/{workspace_id}/auth/sso': (w) => ({ path: `${SIGN_IN(w)}/sso`, body: MATRIX_OIDC }),
  'PATCH /v1/workspaces/{workspace_id}/auth/sso/{connection_id}': async (w) => ({
    path: `${SIGN_IN(w)}/sso/${await freshSsoConnection(w)}`,
    body: { enabled: false },
  }),
  'DELETE /v1/workspaces/{workspace_id}/auth/sso/{connection_id}': async (w) => ({
    path: `${SIGN_IN(w)}/sso/${await freshSsoConnection(w)}`,
  }),
  'POST /v1/workspaces/{workspace_id}/auth/sso/{connection_id}/test-login': async (w) => ({
    path: `${SIGN_IN(w)}/sso/${await freshSsoConnection(w)}/test-login`,
  }),
  'GET /v1/public/workspaces/by-host': async (w) => ({
    path: `/v1/public/workspaces/by-host?host=${await verifiedSignInHost(w)}`,
  }),
  'GET /v1/public/branding': (w) => ({ path: `/v1/public/branding?workspace_id=${W(w)}` }),
  'GET /v1/public/branding/theme.css': (w) => ({
    path: `/v1/public/branding/theme.css?workspace_id=${W(w)}`,
  }),
  'GET /v1/public/branding/assets/{kind}': async (w) => {
    await w.t.http
      .put(SIGN_IN(w))
      .set(w.owner.headers)
      .send({ branding: { logo: MATRIX_PNG } })
      .expect(200);
    return { path: `/v1/public/branding/assets/logo?workspace_id=${W(w)}` };
  },
  'GET /v1/workspaces/{workspace_id}/users': (w) => ({ path: USERS(w) }),
  'POST /v1/workspaces/{workspace_id}/users': (w) => ({
    path: USERS(w),
    body: { email: uniqueEmail('invitee'), send_email: false },
  }),
  'POST /v1/workspaces/{workspace_id}/users/add': (w) => ({
    path: `${USERS(w)}/add`,
    body: { email: uniqueEmail('added'), generate_password: true },
  }),
  'GET /v1/workspaces/{workspace_id}/users/{user_id}': async (w) => ({
    path: `${USERS(w)}/${await freshAppUser(w)}`,
  }),
  'PATCH /v1/workspaces/{workspace_id}/users/{user_id}': async (w) => ({
    path: `${USERS(w)}/${await freshAppUser(w)}`,
    body: { enabled: false },
  }),
  'DELETE /v1/workspaces/{workspace_id}/users/{user_id}': async (w) => ({
    path: `${USERS(w)}/${await freshAppUser(w)}`,
  }),
  'POST /v1/workspaces/{workspace_id}/users/{user_id}/reset-password': async (w) => ({
    path: `${USERS(w)}/${await freshAppUser(w)}/reset-password`,
  }),
  'POST /v1/workspaces/{workspace_id}/users/{user_id}/resend-invite': async (w) => ({
    path: `${USERS(w)}/${await freshAppUser(w)}/resend-invite`,
  }),
  'POST /v1/workspaces/{workspace_id}/users/{user_id}/temporary-password': async (w) => ({
    path: `${USERS(w)}/${await freshAppUser(w)}/temporary-password`,
  }),
  'POST /v1/workspaces/{workspace_id}/users/{user_id}/invite-link': async (w) => ({
    path: `${USERS(w)}/${await freshAppUser(w)}/invite-link`,
  }),
  'DELETE /v1/workspaces/{workspace_id}/users/{user_id}/invite-link': async (w) => ({
    path: `${USERS(w)}/${await freshAppUser(w)}/invite-link`,
  }),
  'POST /v1/public/invite-links/inspect': async (w) => ({
    path: '/v1/public/invite-links/inspect',
    body: { token: await freshInviteLinkToken(w) },
  }),
  'POST /v1/public/invite-links/redeem': async (w) => ({
    path: '/v1/public/invite-links/redeem',
    body: { token: await freshInviteLinkToken(w), password: 'a chosen password' },
  }),
  'POST /v1/public/workspaces/{workspace_id}/token': async (w) => ({
    path: `/v1/public/workspaces/${W(w)}/token`,
    body: await freshAppUserCredentials(w),
  }),
  'GET /v1/workspaces/{workspace_id}/auth/tenants': (w) => ({ path: TENANTS(w) }),
  'POST /v1/workspaces/{workspace_id}/auth/tenants': (w) => ({
    path: TENANTS(w),
    body: { name: unique('Tenant') },
  }),
  'GET /v1/workspaces/{workspace_id}/auth/tenants/{tenant_id}': async (w) => ({
    path: `${TENANTS(w)}/${await freshTenant(w)}`,
  }),
  'PATCH /v1/workspaces/{workspace_id}/auth/tenants/{tenant_id}': async (w) => ({
    path: `${TENANTS(w)}/${await freshTenant(w)}`,
    body: { enabled: false },
  }),
  'DELETE /v1/workspaces/{workspace_id}/auth/tenants/{tenant_id}': async (w) => ({
    path: `${TENANTS(w)}/${await freshTenant(w)}`,
  }),
  'GET /v1/workspaces/{workspace_id}/auth/tenants/{tenant_id}/members': async (w) => ({
    path: `${TENANTS(w)}/${await freshTenant(w)}/members`,
  }),
  'POST /v1/workspaces/{workspace_id}/auth/tenants/{tenant_id}/members': async (w) => ({
    path: `${TENANTS(w)}/${await freshTenant(w)}/members`,
    body: { user_id: await freshAppUser(w) },
  }),
  'DELETE /v1/workspaces/{workspace_id}/auth/tenants/{tenant_id}/members/{user_id}': async (w) => {
    const { tenantId, userId } = await freshTenantMember(w);
    return { path: `${TENANTS(w)}/${tenantId}/members/${userId}` };
  },
  ...UPSTREAM_REQUESTS,
};
