import { randomUUID } from 'node:crypto';
import { bearerOf, LoopbackUpstream, type ReceivedRequest, type Reply } from './loopback-upstream';

const envelope = (data: unknown, message: string | null = null): Reply => ({
  status: 200,
  body: { success: true, message, data },
});
const refusal = (status: number, message: string): Reply => ({
  status,
  body: { success: false, message, data: null },
});

interface Version {
  id: string;
  definitionId: string;
  status: number;
  description: string;
}

/** A multipart upload as the upstream read it. */
export interface ReceivedUpload {
  readonly definitionId: string;
  readonly description: string | null;
  readonly fileName: string | null;
  readonly fileType: string | null;
  readonly file: Buffer;
}

/**
 * The code-execution service's contract (spec: Code-execution proxy; docs/upstreams.md),
 * on loopback. It refuses requests without the three identity headers (401),
 * keeps definitions, versions and deployments in memory, and serves each
 * deployment's `externalEndpoint` itself (`/invoke/{deploymentId}`).
 */
export class CoderunnerUpstream extends LoopbackUpstream {
  readonly definitions = new Map<string, Record<string, unknown>>();
  readonly versions = new Map<string, Version>();
  readonly deployments = new Map<string, Record<string, unknown>>();
  readonly uploads: ReceivedUpload[] = [];
  /** The status a new version starts with (3, Completed, unless a test says otherwise). */
  newVersionStatus = 3;
  /** Whether deployments report an `externalEndpoint` (jobs may not). */
  withEndpoints = true;

  static started(): Promise<CoderunnerUpstream> {
    return new CoderunnerUpstream().start();
  }

  /** Sets a version's status, as the upstream's processing would. */
  setVersionStatus(versionId: string, status: number): void {
    const version = this.versions.get(versionId);
    if (version) version.status = status;
  }

  protected async route(r: ReceivedRequest): Promise<Reply> {
    if (!bearerOf(r) || !r.headers['x-client-key'] || !r.headers['x-userid'])
      return refusal(401, 'missing credentials');
    const tenant = String(r.headers['x-client-key']);
    const json = (r.json ?? {}) as Record<string, unknown>;
    const [, api, resource, id, action] = r.path.split('/');

    if (r.method === 'POST' && r.path === '/api/definitions') {
      const definitionId = randomUUID();
      this.definitions.set(definitionId, { ...json, id: definitionId, tenant });
      return envelope({ id: definitionId }, 'Definition created');
    }
    if (r.method === 'POST' && api === 'api' && resource === 'file' && action === 'upload' && id) {
      if (!this.definitions.has(id)) return refusal(404, 'Definition not found');
      const form = await new Request('http://upstream.test/', {
        method: 'POST',
        headers: { 'content-type': String(r.headers['content-type'] ?? '') },
        body: r.body,
      }).formData();
      const file = form.get('file');
      const description = form.get('Description');
      if (!(file instanceof Blob)) return refusal(400, 'file is required');
      this.uploads.push({
        definitionId: id,
        description: typeof description === 'string' ? description : null,
        fileName: file instanceof File ? file.name : null,
        fileType: file.type || null,
        file: Buffer.from(await file.arrayBuffer()),
      });
      const versionId = randomUUID();
      this.versions.set(versionId, {
        id: versionId,
        definitionId: id,
        status: this.newVersionStatus,
        description: typeof description === 'string' ? description : '',
      });
      return envelope({ versionId }, 'Uploaded');
    }
    if (r.method === 'GET' && r.path === '/api/version/definition') {
      const definitionId = r.query.get('DefinitionId');
      return envelope([...this.versions.values()].filter((v) => v.definitionId === definitionId));
    }
    if (api === 'api' && resource === 'version' && id && action === undefined) {
      const version = this.versions.get(id);
      if (!version) return refusal(404, 'Version not found');
      if (r.method === 'GET') return envelope(version);
      if (r.method === 'DELETE') {
        this.versions.delete(id);
        return envelope(null, 'Version deleted');
      }
    }
    if (r.method === 'POST' && r.path === '/api/deployment/create') {
      const version = this.versions.get(String(json.VersionId));
      if (!version) return refusal(404, 'Version not found');
      if (version.status !== 3) return refusal(409, 'Version is not completed');
      const deploymentId = randomUUID();
      const configuration = (json.Configuration ?? {}) as Record<string, unknown>;
      this.deployments.set(deploymentId, {
        id: deploymentId,
        definitionId: json.DefinitionId,
        versionId: json.VersionId,
        configuration: {
          cpu: configuration.Cpu ?? null,
          memory: configuration.Memory ?? null,
          cronExpression: configuration.CronExpression ?? null,
          externalEndpoint: this.withEndpoints ? `${this.url}/invoke/${deploymentId}` : null,
        },
      });
      return envelope({ id: deploymentId }, 'Deployed');
    }
    if (r.method === 'GET' && api === 'api' && resource === 'deployment' && id) {
      const deployment = this.deployments.get(id);
      return deployment ? envelope(deployment) : refusal(404, 'Deployment not found');
    }
    if (r.method === 'POST' && api === 'invoke' && resource) {
      if (!this.deployments.has(resource)) return refusal(404, 'Deployment not found');
      return envelope({ executionId: `exec-${randomUUID().slice(0, 8)}`, status: 'Running' });
    }
    if (r.method === 'POST' && r.path.startsWith('/api/execution/run/onetime/')) {
      const definitionId = r.path.split('/').pop() ?? '';
      if (!this.definitions.has(definitionId)) return refusal(404, 'Definition not found');
      return envelope({ executionId: `once-${randomUUID().slice(0, 8)}`, status: 'Pending' });
    }
    return refusal(404, `no route ${r.method} ${r.path}`);
  }
}
