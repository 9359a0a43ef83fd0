import { bearer, organizationWithOwner } from './api';
import type { TestServer } from './test-server';

/** An organization with a signed-in owner, one workspace, its `dev` environment and a `prod` one. */
export async function workspaceWithOwner(t: TestServer) {
  const owner = await organizationWithOwner(t);
  const auth = bearer(owner.token);
  const workspace = await t.http
    .post(`/v1/organizations/${owner.organizationId}/workspaces`)
    .set(auth)
    .send({ name: 'Main' })
    .expect(201);
  const workspaceId = workspace.body.id as string;
  const environments = await t.http.get(`/v1/workspaces/${workspaceId}/environments`).set(auth).expect(200);
  const devId = environments.body.environments[0].id as string;
  const prod = await t.http
    .post(`/v1/workspaces/${workspaceId}/environments`)
    .set(auth)
    .send({ name: 'prod' })
    .expect(201);
  return { owner, auth, workspaceId, devId, prodId: prod.body.id as string };
}
