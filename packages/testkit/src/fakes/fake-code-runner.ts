import type {
  CodeRunner,
  CodeRunnerAnswer,
  CodeRunnerCredentials,
  CodeUpload,
  DefinitionInput,
  DeploymentInput,
} from '@groundfloor/domain';

type Method = keyof CodeRunner;

export interface CodeRunnerCall {
  readonly method: Method;
  readonly as: CodeRunnerCredentials;
  readonly args: readonly unknown[];
}

const ok = (data: unknown): CodeRunnerAnswer => ({ ok: true, value: { success: true, message: null, data } });

/**
 * A code-execution service in memory for domain tests: it keeps definitions,
 * versions and deployments, records every call, and answers what a test
 * scripts next (`answerNext`) instead when told.
 */
export class FakeCodeRunner implements CodeRunner {
  readonly calls: CodeRunnerCall[] = [];
  /** False plays an installation without `CODERUNNER_URL`: every call then answers `not_configured`. */
  configured = true;
  /** The status new versions report (3, Completed, unless a test says otherwise). */
  versionStatus = 3;
  /** The invoke URL deployments report; null for deployments without one. */
  endpoint: string | null = 'https://fn.coderunner.test/invoke';
  private readonly scripted = new Map<Method, CodeRunnerAnswer[]>();
  private readonly versions = new Map<string, string>();
  private n = 0;

  /** The next call of `method` answers `answer`, whatever it asks. */
  answerNext(method: Method, answer: CodeRunnerAnswer): void {
    this.scripted.set(method, [...(this.scripted.get(method) ?? []), answer]);
  }

  callsOf(method: Method): CodeRunnerCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  private call(method: Method, as: CodeRunnerCredentials, args: unknown[], answer: () => CodeRunnerAnswer) {
    this.calls.push({ method, as, args });
    if (!this.configured) return Promise.resolve<CodeRunnerAnswer>({ ok: false, failure: 'not_configured' });
    const queued = this.scripted.get(method);
    const next = queued?.shift();
    return Promise.resolve(next ?? answer());
  }

  private next(prefix: string) {
    this.n += 1;
    return `${prefix}-${this.n}`;
  }

  createDefinition(as: CodeRunnerCredentials, definition: DefinitionInput) {
    return this.call('createDefinition', as, [definition], () => ok({ id: this.next('def') }));
  }
  uploadCode(as: CodeRunnerCredentials, definitionId: string, upload: CodeUpload) {
    return this.call('uploadCode', as, [definitionId, upload], () => {
      const versionId = this.next('ver');
      this.versions.set(versionId, definitionId);
      return ok({ versionId });
    });
  }
  listVersions(as: CodeRunnerCredentials, definitionId: string) {
    return this.call('listVersions', as, [definitionId], () =>
      ok(
        [...this.versions]
          .filter(([, def]) => def === definitionId)
          .map(([id]) => ({ id, definitionId, status: this.versionStatus })),
      ),
    );
  }
  getVersion(as: CodeRunnerCredentials, versionId: string) {
    return this.call('getVersion', as, [versionId], () =>
      this.versions.has(versionId)
        ? ok({ id: versionId, definitionId: this.versions.get(versionId), status: this.versionStatus })
        : { ok: false, failure: 'rejected', status: 404, message: 'Version not found' },
    );
  }
  deleteVersion(as: CodeRunnerCredentials, versionId: string) {
    return this.call('deleteVersion', as, [versionId], () => {
      this.versions.delete(versionId);
      return ok(null);
    });
  }
  createDeployment(as: CodeRunnerCredentials, deployment: DeploymentInput) {
    return this.call('createDeployment', as, [deployment], () => ok({ id: this.next('dep') }));
  }
  getDeployment(as: CodeRunnerCredentials, deploymentId: string) {
    return this.call('getDeployment', as, [deploymentId], () =>
      ok({ id: deploymentId, configuration: { externalEndpoint: this.endpoint } }),
    );
  }
  invokeEndpoint(as: CodeRunnerCredentials, endpoint: string, payload: object) {
    return this.call('invokeEndpoint', as, [endpoint, payload], () =>
      ok({ executionId: this.next('exec'), status: 'Running' }),
    );
  }
  runOnce(as: CodeRunnerCredentials, definitionId: string, payload: object) {
    return this.call('runOnce', as, [definitionId, payload], () =>
      ok({ executionId: this.next('exec'), status: 'Running' }),
    );
  }
}
