/// <reference types="jest" />
import type { CodeRunner, CodeRunnerAnswer, CodeRunnerCredentials } from '@groundfloor/domain';
import type { OpenSubject } from './contract-subject';

const as: CodeRunnerCredentials = {
  token: 'contract.jwt',
  tenantId: 'contract-tenant',
  userId: 'contract-user',
};
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]);

const data = (answer: CodeRunnerAnswer): Record<string, unknown> => {
  if (!answer.ok) throw new Error(`expected an envelope, got ${JSON.stringify(answer)}`);
  return (answer.value.data ?? {}) as Record<string, unknown>;
};

/**
 * What every `CodeRunner` must do (code-runner.port.ts), as the proxy relies
 * on it (docs/upstreams.md): the ids each step answers, a version's
 * definition and status, a deployment's endpoint, an execution id, and a
 * refusal reported, not thrown. The fake answers from memory; the HTTP
 * adapter talks to the loopback code-execution service.
 */
export function describeCodeRunnerContract(label: string, open: OpenSubject<CodeRunner>): void {
  describe(`code runner contract: ${label}`, () => {
    let runner: CodeRunner | undefined;
    let close: (() => Promise<void>) | undefined;
    const subject = (): CodeRunner => {
      if (!runner) throw new Error('the code runner did not open');
      return runner;
    };
    beforeAll(async () => {
      const opened = await open();
      runner = opened.subject;
      close = () => opened.close();
    });
    afterAll(async () => {
      await close?.();
    });

    it('walks definition, upload, version, deployment and runs, answering the ids the proxy records', async () => {
      const created = await subject().createDefinition(as, {
        name: 'contract',
        description: '',
        deploymentType: 1,
        languageType: 1,
      });
      const definitionId = String(data(created).id);
      const uploaded = await subject().uploadCode(as, definitionId, {
        description: 'v1',
        fileName: 'code.zip',
        content: ZIP,
      });
      const versionId = String(data(uploaded).versionId);
      const version = data(await subject().getVersion(as, versionId));
      expect(version).toMatchObject({ definitionId, status: 3 });
      const listed = await subject().listVersions(as, definitionId);
      expect(listed.ok && Array.isArray(listed.value.data)).toBe(true);

      const deployed = await subject().createDeployment(as, { definitionId, versionId, configuration: {} });
      const deploymentId = String(data(deployed).id);
      const deployment = data(await subject().getDeployment(as, deploymentId));
      const endpoint = (deployment.configuration as { externalEndpoint?: unknown }).externalEndpoint;
      expect(endpoint).toEqual(expect.stringMatching(/^https?:\/\//));

      const invoked = data(await subject().invokeEndpoint(as, String(endpoint), { hello: 'world' }));
      expect(invoked.executionId).toEqual(expect.any(String));
      const once = data(await subject().runOnce(as, definitionId, {}));
      expect(once.executionId).toEqual(expect.any(String));
    });

    it('reports a version it does not have as a 404 refusal, also once deleted', async () => {
      const created = await subject().createDefinition(as, {
        name: 'contract',
        description: '',
        deploymentType: 2,
        languageType: 2,
      });
      const definitionId = String(data(created).id);
      const versionId = String(
        data(
          await subject().uploadCode(as, definitionId, { description: '', fileName: 'c.zip', content: ZIP }),
        ).versionId,
      );
      expect((await subject().deleteVersion(as, versionId)).ok).toBe(true);
      expect(await subject().getVersion(as, versionId)).toMatchObject({
        ok: false,
        failure: 'rejected',
        status: 404,
      });
    });
  });
}
