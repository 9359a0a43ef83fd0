import { tokenFrom } from './members';
import type { TestServer } from './test-server';
import { freshAddress } from './tickets';
import { workspaceWithOwner } from './workspace';

/** A workspace with its owner and active platform sign-in (and multi-tenant when asked). */
export async function platformWorkspace(t: TestServer, options: { multiTenant?: boolean } = {}) {
  const w = await workspaceWithOwner(t);
  await t.http
    .put(`/v1/workspaces/${w.workspaceId}/auth`)
    .set(w.auth)
    .send({ mode: 'platform', ...(options.multiTenant ? { multi_tenant: { enabled: true } } : {}) })
    .expect(200);
  const users = `/v1/workspaces/${w.workspaceId}/users`;
  return {
    ...w,
    users,
    tenants: `/v1/workspaces/${w.workspaceId}/auth/tenants`,
    tokenPath: `/v1/public/workspaces/${w.workspaceId}/token`,
    invite: (body: object) => t.http.post(users).set(w.auth).send(body),
    add: (body: object) => t.http.post(`${users}/add`).set(w.auth).send(body),
  };
}
export type PlatformWorkspace = Awaited<ReturnType<typeof platformWorkspace>>;

/** The token of the last link the fake mailer sent to `to`. */
export function mailedToken(t: TestServer, to: string): string {
  const mail = [...t.mailer.sent].reverse().find((m) => m.to === to);
  const token = tokenFrom(mail?.text ?? '');
  if (!token) throw new Error(`no link was mailed to ${to}`);
  return token;
}

/** Public invite-link calls, each from an address of its own (the suite trusts X-Forwarded-For). */
export const publicCall = (t: TestServer, path: string, body: object, ip = freshAddress()) =>
  t.http.post(path).set('X-Forwarded-For', ip).send(body);

/** An app user with a password they keep, and their access token. */
export async function signedInAppUser(t: TestServer, w: PlatformWorkspace, email: string, password: string) {
  const added = await w.add({ email, password, temporary_password: false }).expect(201);
  const tokens = await publicCall(t, w.tokenPath, { email, password }).expect(200);
  return {
    id: added.body.id as string,
    tokens: tokens.body as { access_token: string; refresh_token: string },
  };
}
