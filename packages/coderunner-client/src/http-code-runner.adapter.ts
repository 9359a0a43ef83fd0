import type {
  CodeRunner,
  CodeRunnerAnswer,
  CodeRunnerCredentials,
  CodeRunnerEnvelope,
  CodeUpload,
  DefinitionInput,
  DeploymentInput,
} from '@groundfloor/domain';
import { httpCall, parseJson, retryAfterSeconds } from './upstream-call';

export interface HttpCodeRunnerOptions {
  /** `CODERUNNER_URL`; absent: every call answers `not_configured`. */
  readonly baseUrl: string | undefined;
  /** No answer within this is a time-out (supplement §13: 30 seconds). */
  readonly timeoutMs?: number;
}

/** Longest upstream message passed on to a client. */
const MESSAGE_MAX = 500;

/** The `{success, message, data}` envelope, or null for anything else. */
function envelopeOf(body: unknown): CodeRunnerEnvelope | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { success, message, data } = body as Record<string, unknown>;
  if (typeof success !== 'boolean') return null;
  if (message !== undefined && message !== null && typeof message !== 'string') return null;
  return { success, message: message ?? null, data: data ?? null };
}

/** What a 4xx said: the envelope's `message`, a problem's `detail` or `title`, or short plain text. */
function messageOf(text: string): string {
  const body = parseJson(text);
  if (typeof body === 'object' && body !== null) {
    const fields = body as Record<string, unknown>;
    for (const key of ['message', 'detail', 'title', 'error'])
      if (typeof fields[key] === 'string' && fields[key] !== '')
        return (fields[key] as string).slice(0, MESSAGE_MAX);
    return '';
  }
  return /^[^<{[][^\r\n]*$/.test(text.trim()) ? text.trim().slice(0, MESSAGE_MAX) : '';
}

const id = (value: string) => encodeURIComponent(value);

/**
 * The code-execution service over HTTP (supplement §13): every request
 * carries `Authorization: Bearer <JWT>`, `x-client-key` and `x-userid`;
 * answers are the `{success, message, data}` envelope. Nothing here logs:
 * the token and the bodies never leave the request.
 */
export class HttpCodeRunner implements CodeRunner {
  readonly configured: boolean;
  private readonly base: string | undefined;
  private readonly timeoutMs: number;

  constructor(options: HttpCodeRunnerOptions) {
    this.base = options.baseUrl?.replace(/\/+$/, '') || undefined;
    this.configured = this.base !== undefined;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  createDefinition(as: CodeRunnerCredentials, definition: DefinitionInput): Promise<CodeRunnerAnswer> {
    return this.send(as, 'POST', '/api/definitions', {
      json: {
        name: definition.name,
        description: definition.description,
        deploymentType: definition.deploymentType,
        languageType: definition.languageType,
      },
    });
  }

  uploadCode(as: CodeRunnerCredentials, definitionId: string, upload: CodeUpload): Promise<CodeRunnerAnswer> {
    const form = new FormData();
    form.append('Description', upload.description);
    form.append('file', new Blob([upload.content], { type: 'application/zip' }), upload.fileName);
    return this.send(as, 'POST', `/api/file/${id(definitionId)}/upload`, { form });
  }

  listVersions(as: CodeRunnerCredentials, definitionId: string): Promise<CodeRunnerAnswer> {
    return this.send(as, 'GET', `/api/version/definition?DefinitionId=${id(definitionId)}`);
  }

  getVersion(as: CodeRunnerCredentials, versionId: string): Promise<CodeRunnerAnswer> {
    return this.send(as, 'GET', `/api/version/${id(versionId)}`);
  }

  deleteVersion(as: CodeRunnerCredentials, versionId: string): Promise<CodeRunnerAnswer> {
    return this.send(as, 'DELETE', `/api/version/${id(versionId)}`);
  }

  createDeployment(as: CodeRunnerCredentials, deployment: DeploymentInput): Promise<CodeRunnerAnswer> {
    const { cpu, memory, cronExpression } = deployment.configuration;
    return this.send(as, 'POST', '/api/deployment/create', {
      json: {
        DefinitionId: deployment.definitionId,
        VersionId: deployment.versionId,
        Configuration: { Cpu: cpu, Memory: memory, CronExpression: cronExpression },
      },
    });
  }

  getDeployment(as: CodeRunnerCredentials, deploymentId: string): Promise<CodeRunnerAnswer> {
    return this.send(as, 'GET', `/api/deployment/${id(deploymentId)}`);
  }

  invokeEndpoint(as: CodeRunnerCredentials, endpoint: string, payload: object): Promise<CodeRunnerAnswer> {
    return this.send(as, 'POST', endpoint, { json: { payload } });
  }

  runOnce(as: CodeRunnerCredentials, definitionId: string, payload: object): Promise<CodeRunnerAnswer> {
    return this.send(as, 'POST', `/api/execution/run/onetime/${id(definitionId)}`, { json: { payload } });
  }

  /** `target` is a path under `CODERUNNER_URL`, or (an invoke URL) absolute. */
  private async send(
    as: CodeRunnerCredentials,
    method: string,
    target: string,
    body?: { json: unknown } | { form: FormData },
  ): Promise<CodeRunnerAnswer> {
    if (!this.base) return { ok: false, failure: 'not_configured' };
    const url = /^https?:\/\//i.test(target) ? target : `${this.base}${target}`;
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${as.token}`,
      'x-client-key': as.tenantId,
      'x-userid': as.userId,
    };
    let payload: string | FormData | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body) {
      payload = body.form;
    }
    const outcome = await httpCall(url, { method, headers, body: payload }, this.timeoutMs);
    if (!outcome.ok) return outcome;
    const { status, text } = outcome;
    if (status >= 500) return { ok: false, failure: 'server_error', status };
    if (status >= 400) {
      const retryAfter = retryAfterSeconds(outcome.retryAfter);
      return {
        ok: false,
        failure: 'rejected',
        status,
        message: messageOf(text),
        ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
      };
    }
    const envelope = status >= 200 && status < 300 ? envelopeOf(parseJson(text)) : null;
    return envelope ? { ok: true, value: envelope } : { ok: false, failure: 'invalid_answer' };
  }
}
