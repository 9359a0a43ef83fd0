import { randomUUID } from 'node:crypto';
import { appSeeder } from '../seed-apps';
import { codeZip } from '../upstreams';
import type { MatrixWorld } from './callers';
import type { CallerName } from './declared-matrix';
import type { CellRequest } from './requests';

type Build = (w: MatrixWorld, caller: CallerName) => Promise<CellRequest> | CellRequest;

/**
 * The code-execution and model-gateway rows. The matrix server talks to a
 * code-execution service and a model gateway on loopback, so allowed cells
 * really reach them: W's standalone app has a definition, a Completed
 * version and a deployment, made once by O's owner.
 */
interface CoderunnerApp {
  readonly slug: string;
  readonly base: string;
  readonly versionId: string;
}

const apps = new WeakMap<MatrixWorld, Promise<CoderunnerApp>>();

function coderunnerApp(w: MatrixWorld): Promise<CoderunnerApp> {
  let app = apps.get(w);
  if (!app) {
    app = (async () => {
      const seeded = await (await appSeeder(w.t, w.owner.person.userId, w.workspaceId)).standaloneApp();
      const base = `/v1/workspaces/${w.workspaceId}/apps/${seeded.slug}/coderunner`;
      await w.t.http
        .post(`${base}/definition`)
        .set(w.owner.headers)
        .send({ name: 'Matrix', deploymentType: 1, languageType: 1 })
        .expect(200);
      const versionId = await freshVersion(w, base);
      await w.t.http.post(`${base}/deploy`).set(w.owner.headers).send({ VersionId: versionId }).expect(200);
      return { slug: seeded.slug, base, versionId };
    })();
    apps.set(w, app);
  }
  return app;
}

/** A fresh Completed version of the app's definition, uploaded by O's owner. */
async function freshVersion(w: MatrixWorld, base: string): Promise<string> {
  const res = await w.t.http
    .post(`${base}/upload`)
    .set(w.owner.headers)
    .attach('file', codeZip(), 'matrix.zip')
    .expect(200);
  return res.body.data.versionId as string;
}

const path = async (w: MatrixWorld, suffix: string) => `${(await coderunnerApp(w)).base}${suffix}`;
const workload = (w: MatrixWorld, suffix: string) =>
  `/v1/workspaces/${w.workspaceId}/coderunners/${w.workloadId}${suffix}`;
const llm = (w: MatrixWorld, suffix: string) => `/v1/workspaces/${w.workspaceId}/llm${suffix}`;

export const UPSTREAM_REQUESTS: Readonly<Record<string, Build>> = {
  'POST /v1/workspaces/{workspace_id}/apps/{app_slug}/coderunner/definition': async (w) => ({
    path: await path(w, '/definition'),
    body: { name: `def-${randomUUID().slice(0, 8)}`, deploymentType: 1, languageType: 1 },
  }),
  'POST /v1/workspaces/{workspace_id}/apps/{app_slug}/coderunner/upload': async (w) => ({
    path: await path(w, '/upload'),
    attach: { field: 'file', content: codeZip(), filename: 'matrix.zip' },
  }),
  'GET /v1/workspaces/{workspace_id}/apps/{app_slug}/coderunner/versions': async (w) => ({
    path: await path(w, '/versions'),
  }),
  'GET /v1/workspaces/{workspace_id}/apps/{app_slug}/coderunner/versions/{versionId}': async (w) => ({
    path: await path(w, `/versions/${(await coderunnerApp(w)).versionId}`),
  }),
  'DELETE /v1/workspaces/{workspace_id}/apps/{app_slug}/coderunner/versions/{versionId}': async (w) => ({
    path: await path(w, `/versions/${await freshVersion(w, (await coderunnerApp(w)).base)}`),
  }),
  'POST /v1/workspaces/{workspace_id}/apps/{app_slug}/coderunner/deploy': async (w) => ({
    path: await path(w, '/deploy'),
    body: { VersionId: (await coderunnerApp(w)).versionId },
  }),
  'POST /v1/workspaces/{workspace_id}/apps/{app_slug}/coderunner/run': async (w) => ({
    path: await path(w, '/run'),
    body: { payload: { matrix: true } },
  }),
  'POST /v1/workspaces/{workspace_id}/coderunners/{coderunner_id}/deploy': async (w) => ({
    path: workload(w, '/deploy'),
    body: { version_id: (await coderunnerApp(w)).versionId },
  }),
  'POST /v1/workspaces/{workspace_id}/coderunners/{coderunner_id}/run': async (w) => ({
    path: workload(w, `/run?version_id=${(await coderunnerApp(w)).versionId}`),
    body: { event: 'matrix' },
  }),
  'GET /v1/workspaces/{workspace_id}/llm/models': (w) => ({ path: llm(w, '/models') }),
  'GET /v1/workspaces/{workspace_id}/llm/usage': (w) => ({
    path: llm(w, '/usage?since_seconds=3600&limit=10'),
  }),
  'POST /v1/workspaces/{workspace_id}/llm/virtual-key': (w) => ({ path: llm(w, '/virtual-key') }),
  'DELETE /v1/workspaces/{workspace_id}/llm/virtual-key': (w) => ({ path: llm(w, '/virtual-key') }),
};
