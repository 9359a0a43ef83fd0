import { coderunnerIdsOf, requireEnvelope, type UpstreamFailure } from '../src';
import { aWorkload, createApp, seedApp } from './support/app-world';
import {
  aMember,
  audited,
  aWorkspaceWorld,
  ctx,
  freeze,
  type WorkspaceWorld,
} from './support/workspace-world';

/*
 * The code-execution proxy's rules (spec: Code-execution proxy, Other named
 * states; supplement §12, §13) on fakes: what each step asks the upstream,
 * what it records, and how upstream failures read to the client.
 */

async function aStandaloneApp(world: WorkspaceWorld, slug = 'shop') {
  const workload = await aWorkload(world);
  return createApp(world, { slug, appKind: 'standalone', primaryCoderunnerId: workload.id });
}

const target = (world: WorkspaceWorld, appSlug: string, userId = world.ownerId) => ({
  userId,
  workspaceId: world.workspaceId,
  appSlug,
  context: ctx(userId),
});

const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);

/** A standalone app with a definition and one uploaded version. */
async function uploadedApp(world: WorkspaceWorld, deploymentType = 1) {
  const app = await aStandaloneApp(world);
  const uc = world.uc.coderunner;
  await uc.createDefinition.execute({
    ...target(world, app.slug),
    name: 'fn',
    deploymentType,
    languageType: 1,
  });
  await uc.upload.execute({ ...target(world, app.slug), description: '', fileName: 'c.zip', content: ZIP });
  return app;
}

async function deployedApp(world: WorkspaceWorld) {
  const app = await uploadedApp(world);
  await world.uc.coderunner.deploy.execute(target(world, app.slug));
  return app;
}

const manifestOf = async (world: WorkspaceWorld, appId: string) =>
  coderunnerIdsOf((await world.deps.uow.read.apps.findById(world.workspaceId, appId))?.manifest ?? {});

describe('the code-execution proxy (spec: Code-execution proxy)', () => {
  it('sends every request as the caller: a short-lived coderunner JWT for the workspace and person', async () => {
    const world = await aWorkspaceWorld();
    const writer = await aMember(world, 'writer');
    const app = await aStandaloneApp(world);
    await world.uc.coderunner.createDefinition.execute({
      ...target(world, app.slug, writer),
      name: 'fn',
      deploymentType: 1,
      languageType: 1,
    });
    const [call] = world.deps.codeRunner.calls;
    expect(call?.as).toMatchObject({ tenantId: world.workspaceId, userId: writer });
    const claims = await world.deps.signer.verify(call?.as.token ?? '', { audience: 'coderunner' });
    expect(claims).toMatchObject({
      external_tenant_id: world.workspaceId,
      external_user_id: writer,
      sub: writer,
    });
    expect((claims?.exp as number) - (claims?.iat as number)).toBe(300);
  });

  it('records each id the upstream answers, with an audit event per step', async () => {
    const world = await aWorkspaceWorld();
    const app = await deployedApp(world);
    expect(await manifestOf(world, app.id)).toEqual({
      definition_id: 'def-1',
      version_id: 'ver-2',
      deployment_id: 'dep-3',
      last_job_name: null,
      last_job_status: null,
    });
    await world.uc.coderunner.run.execute({ ...target(world, app.slug), payload: { a: 1 } });
    expect(await manifestOf(world, app.id)).toMatchObject({
      last_job_name: 'exec-4',
      last_job_status: 'Running',
    });
    for (const action of ['definition_created', 'code_uploaded', 'deployed', 'run'])
      expect(audited(world, `coderunner.${action}`)).toHaveLength(1);
  });

  it('keeps the rest of the manifest as it was', async () => {
    const world = await aWorkspaceWorld();
    const workload = await aWorkload(world);
    const app = await createApp(world, {
      slug: 'kept',
      appKind: 'standalone',
      primaryCoderunnerId: workload.id,
      manifest: { routes: ['/'], coderunner: { region: 'eu' } },
    });
    await world.uc.coderunner.createDefinition.execute({
      ...target(world, app.slug),
      name: 'fn',
      deploymentType: 1,
      languageType: 1,
    });
    const stored = await world.deps.uow.read.apps.findById(world.workspaceId, app.id);
    expect(stored?.manifest).toEqual({
      routes: ['/'],
      coderunner: {
        region: 'eu',
        definition_id: 'def-1',
        version_id: null,
        deployment_id: null,
        last_job_name: null,
        last_job_status: null,
      },
    });
  });

  it.each([
    [1, 'Pending'],
    [2, 'Processing'],
    [4, 'Failed'],
  ])('refuses to deploy a version in status %i (%s): 409 until Completed (3)', async (status) => {
    const world = await aWorkspaceWorld();
    const app = await uploadedApp(world);
    const uc = world.uc.coderunner;
    world.deps.codeRunner.versionStatus = status;
    await expect(uc.deploy.execute(target(world, app.slug))).rejects.toMatchObject({
      code: 'coderunner_version_not_ready',
    });
    expect(world.deps.codeRunner.callsOf('createDeployment')).toHaveLength(0);
  });

  it('runs at the deployment’s endpoint, else once through the definition', async () => {
    const world = await aWorkspaceWorld();
    const app = await deployedApp(world);
    await world.uc.coderunner.run.execute({ ...target(world, app.slug), payload: { x: 1 } });
    expect(world.deps.codeRunner.callsOf('invokeEndpoint')[0]?.args).toEqual([
      'https://fn.coderunner.test/invoke',
      { x: 1 },
    ]);
    world.deps.codeRunner.endpoint = null;
    await world.uc.coderunner.run.execute({ ...target(world, app.slug), payload: {} });
    expect(world.deps.codeRunner.callsOf('runOnce')[0]?.args).toEqual(['def-1', {}]);
  });

  it('takes a recorded id that could not be an upstream id (written through PATCH) as not recorded', async () => {
    const world = await aWorkspaceWorld();
    const workload = await aWorkload(world);
    for (const bad of ['..', '.', 'a/b', '../x', 'a?b', '%2e%2e']) {
      const app = await seedApp(world, {
        kind: 'standalone',
        primaryCoderunnerId: workload.id,
        manifest: { coderunner: { definition_id: bad, version_id: bad, deployment_id: bad } },
      });
      expect(coderunnerIdsOf(app.manifest)).toMatchObject({
        definition_id: null,
        version_id: null,
        deployment_id: null,
      });
      await expect(
        world.uc.coderunner.upload.execute({
          ...target(world, app.slug),
          description: '',
          fileName: 'c.zip',
          content: ZIP,
        }),
      ).rejects.toMatchObject({ code: 'coderunner_no_definition' });
      await expect(
        world.uc.coderunner.run.execute({ ...target(world, app.slug), payload: {} }),
      ).rejects.toMatchObject({ kind: 'conflict' });
    }
    expect(world.deps.codeRunner.calls).toHaveLength(0);
  });

  it('refuses apps of other kinds (400), archived apps (410) and unknown slugs (404) before any upstream call', async () => {
    const world = await aWorkspaceWorld();
    const shell = await seedApp(world, { slug: 'shell', kind: 'shell_federated' });
    const archived = await seedApp(world, { slug: 'old', kind: 'standalone', status: 'archived' });
    const list = (slug: string) => world.uc.coderunner.listVersions.execute(target(world, slug));
    await expect(list(shell.slug)).rejects.toMatchObject({
      code: 'app_kind_has_no_coderunner',
      kind: 'malformed',
    });
    await expect(list(archived.slug)).rejects.toMatchObject({ code: 'app_archived' });
    await expect(list('nope')).rejects.toMatchObject({ code: 'app_not_found' });
    expect(world.deps.codeRunner.calls).toHaveLength(0);
  });

  it('needs read to list versions and write to change anything', async () => {
    const world = await aWorkspaceWorld();
    const member = await aMember(world, 'member');
    const app = await aStandaloneApp(world);
    await world.uc.coderunner.createDefinition.execute({
      ...target(world, app.slug),
      name: 'fn',
      deploymentType: 1,
      languageType: 1,
    });
    await world.uc.coderunner.listVersions.execute(target(world, app.slug, member));
    await expect(
      world.uc.coderunner.run.execute({ ...target(world, app.slug, member), payload: {} }),
    ).rejects.toMatchObject({
      code: 'permission_denied',
    });
    await expect(
      world.uc.coderunner.deleteVersion.execute({ ...target(world, app.slug, member), versionId: 'ver-1' }),
    ).rejects.toMatchObject({ code: 'permission_denied' });
  });

  it('refuses changes while frozen, except deleting a version', async () => {
    const world = await aWorkspaceWorld();
    const app = await deployedApp(world);
    await freeze(world);
    await expect(
      world.uc.coderunner.run.execute({ ...target(world, app.slug), payload: {} }),
    ).rejects.toMatchObject({
      code: 'workspace_frozen',
    });
    await world.uc.coderunner.deleteVersion.execute({ ...target(world, app.slug), versionId: 'ver-2' });
    expect((await manifestOf(world, app.id)).version_id).toBeNull();
  });

  it('clears the recorded version only when that version is deleted', async () => {
    const world = await aWorkspaceWorld();
    const app = await deployedApp(world);
    await world.uc.coderunner.deleteVersion.execute({ ...target(world, app.slug), versionId: 'other-9' });
    expect((await manifestOf(world, app.id)).version_id).toBe('ver-2');
  });

  it('records nothing and audits nothing when the upstream refuses', async () => {
    const world = await aWorkspaceWorld();
    const app = await aStandaloneApp(world);
    world.deps.codeRunner.answerNext('createDefinition', {
      ok: false,
      failure: 'rejected',
      status: 409,
      message: 'name taken',
    });
    await expect(
      world.uc.coderunner.createDefinition.execute({
        ...target(world, app.slug),
        name: 'fn',
        deploymentType: 1,
        languageType: 1,
      }),
    ).rejects.toMatchObject({ code: 'coderunner_conflict', detail: 'name taken' });
    expect(await manifestOf(world, app.id)).toMatchObject({ definition_id: null });
    expect(audited(world, 'coderunner.definition_created')).toHaveLength(0);
  });

  // Supplement §1: unset CODERUNNER_URL is 503 on every proxy route, not a 409 about missing ids.
  it('answers 503 coderunner_not_configured at every step without a service, before any recorded-id check', async () => {
    const world = await aWorkspaceWorld();
    world.deps.codeRunner.configured = false;
    const app = await aStandaloneApp(world);
    const uc = world.uc.coderunner;
    const at = target(world, app.slug);
    const steps = [
      () => uc.createDefinition.execute({ ...at, name: 'fn', deploymentType: 1, languageType: 1 }),
      () => uc.upload.execute({ ...at, description: '', fileName: 'c.zip', content: ZIP }),
      () => uc.listVersions.execute(at),
      () => uc.getVersion.execute({ ...at, versionId: 'ver-1' }),
      () => uc.deleteVersion.execute({ ...at, versionId: 'ver-1' }),
      () => uc.deploy.execute(at),
      () => uc.run.execute({ ...at, payload: {} }),
    ];
    for (const step of steps)
      await expect(step()).rejects.toMatchObject({ code: 'coderunner_not_configured' });
    expect(world.deps.codeRunner.calls).toHaveLength(0);
  });

  it('still answers permission, app and archive refusals before coderunner_not_configured', async () => {
    const world = await aWorkspaceWorld();
    world.deps.codeRunner.configured = false;
    const member = await aMember(world, 'member');
    const app = await aStandaloneApp(world);
    const shell = await seedApp(world, { slug: 'shell', kind: 'shell_federated' });
    const archived = await seedApp(world, { slug: 'old', kind: 'standalone', status: 'archived' });
    const run = (slug: string, userId = world.ownerId) =>
      world.uc.coderunner.run.execute({ ...target(world, slug, userId), payload: {} });
    await expect(run(app.slug, member)).rejects.toMatchObject({ code: 'permission_denied' });
    await expect(run('nope')).rejects.toMatchObject({ code: 'app_not_found' });
    await expect(run(shell.slug)).rejects.toMatchObject({ code: 'app_kind_has_no_coderunner' });
    await expect(run(archived.slug)).rejects.toMatchObject({ code: 'app_archived' });
    await freeze(world);
    await expect(run(app.slug)).rejects.toMatchObject({ code: 'workspace_frozen' });
  });

  it('takes a null or empty CronExpression and null sizes as not given, and sends none of them', async () => {
    const world = await aWorkspaceWorld();
    const app = await uploadedApp(world);
    const uc = world.uc.coderunner;
    await uc.deploy.execute({ ...target(world, app.slug), cpu: null, memory: null, cronExpression: null });
    await uc.deploy.execute({ ...target(world, app.slug), cpu: '500m', cronExpression: '' });
    expect(world.deps.codeRunner.callsOf('createDeployment').map((c) => c.args[0])).toEqual([
      { definitionId: 'def-1', versionId: 'ver-2', configuration: {} },
      { definitionId: 'def-1', versionId: 'ver-2', configuration: { cpu: '500m' } },
    ]);
    // Only the cron expression may be empty: an empty size is still no size.
    for (const bad of [{ cpu: '' }, { memory: '' }, { cronExpression: 'a\nb' }])
      await expect(uc.deploy.execute({ ...target(world, app.slug), ...bad })).rejects.toMatchObject({
        code: 'invalid_deployment_configuration',
      });
  });

  it('answers a declined step (success: false in a 2xx) as the service gave it, and records nothing', async () => {
    const world = await aWorkspaceWorld();
    const app = await uploadedApp(world);
    const before = await manifestOf(world, app.id);
    const auditedBefore = world.deps.uow.tables.audit.length;
    const no = { ok: true as const, value: { success: false, message: 'name taken', data: null } };
    world.deps.codeRunner.answerNext('createDefinition', no);
    const uc = world.uc.coderunner;
    expect(
      await uc.createDefinition.execute({
        ...target(world, app.slug),
        name: 'fn',
        deploymentType: 1,
        languageType: 1,
      }),
    ).toEqual(no.value);
    world.deps.codeRunner.answerNext('uploadCode', no);
    expect(
      await uc.upload.execute({
        ...target(world, app.slug),
        description: '',
        fileName: 'c.zip',
        content: ZIP,
      }),
    ).toEqual(no.value);
    world.deps.codeRunner.answerNext('createDeployment', no);
    expect(await uc.deploy.execute(target(world, app.slug))).toEqual(no.value);
    world.deps.codeRunner.answerNext('runOnce', no);
    expect(await uc.run.execute({ ...target(world, app.slug), payload: {} })).toEqual(no.value);
    // Declining to delete the recorded version keeps it recorded.
    world.deps.codeRunner.answerNext('deleteVersion', no);
    expect(
      await uc.deleteVersion.execute({ ...target(world, app.slug), versionId: before.version_id as string }),
    ).toEqual(no.value);
    expect(await manifestOf(world, app.id)).toEqual(before);
    expect(world.deps.uow.tables.audit).toHaveLength(auditedBefore);
  });

  it('answers 502 when a step’s answer lacks the id it must record', async () => {
    const world = await aWorkspaceWorld();
    const app = await aStandaloneApp(world);
    world.deps.codeRunner.answerNext('createDefinition', {
      ok: true,
      value: { success: true, message: null, data: { name: 'no id' } },
    });
    await expect(
      world.uc.coderunner.createDefinition.execute({
        ...target(world, app.slug),
        name: 'fn',
        deploymentType: 1,
        languageType: 1,
      }),
    ).rejects.toMatchObject({ code: 'coderunner_invalid_answer' });
  });
});

describe('what upstream failures read as (supplement §13)', () => {
  const failure = (f: UpstreamFailure) => {
    try {
      requireEnvelope(f);
    } catch (err) {
      const e = err as { code: string; status?: number; kind: string; retryAfterSeconds?: number };
      return { code: e.code, status: e.status, kind: e.kind, retry: e.retryAfterSeconds };
    }
    throw new Error('no error');
  };
  // Expected statuses written out here, not read from the production table.
  it.each([
    [{ ok: false, failure: 'not_configured' }, 'coderunner_not_configured', 'unavailable'],
    [{ ok: false, failure: 'unreachable' }, 'coderunner_unavailable', 'unavailable'],
    [{ ok: false, failure: 'timeout' }, 'coderunner_timeout', 'unavailable'],
    [{ ok: false, failure: 'server_error', status: 500 }, 'coderunner_unavailable', 'unavailable'],
    [{ ok: false, failure: 'invalid_answer' }, 'coderunner_invalid_answer', 'unavailable'],
    [{ ok: false, failure: 'rejected', status: 400, message: 'x' }, 'coderunner_bad_request', 'malformed'],
    [{ ok: false, failure: 'rejected', status: 404, message: 'x' }, 'coderunner_not_found', 'not_found'],
    [{ ok: false, failure: 'rejected', status: 422, message: 'x' }, 'coderunner_unprocessable', 'invalid'],
  ] as [UpstreamFailure, string, string][])('%j → %s', (f, code, kind) => {
    expect(failure(f)).toMatchObject({ code, kind });
  });

  it('keeps a passed-through status and a 429’s Retry-After', () => {
    expect(failure({ ok: false, failure: 'rejected', status: 413, message: 'big' })).toMatchObject({
      status: 413,
    });
    expect(
      failure({ ok: false, failure: 'rejected', status: 429, message: '', retryAfterSeconds: 9 }),
    ).toMatchObject({ code: 'coderunner_rate_limited', status: 429, retry: 9 });
  });

  // Supplement §13: "An upstream 4xx is passed through with its message", whichever 4xx.
  it.each([401, 402, 405, 407, 408, 415, 418, 451, 499])(
    'passes an upstream %i through with its status and message, as coderunner_rejected',
    (status) => {
      try {
        requireEnvelope({ ok: false, failure: 'rejected', status, message: `said ${status}` });
      } catch (err) {
        expect(err).toMatchObject({ code: 'coderunner_rejected', status, detail: `said ${status}` });
        return;
      }
      throw new Error('no error');
    },
  );

  it('gives a passed-through 4xx without a message a plain sentence', () => {
    try {
      requireEnvelope({ ok: false, failure: 'rejected', status: 405, message: '  ' });
    } catch (err) {
      expect(err).toMatchObject({ status: 405, detail: expect.stringContaining('(405)') });
      return;
    }
    throw new Error('no error');
  });
});

describe('workload deploy and run (supplement §12)', () => {
  const deploy = (world: WorkspaceWorld, workloadId: string, extra: Record<string, unknown> = {}) =>
    world.uc.workloads.deploy.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      workloadId,
      versionId: 'ver-2',
      context: ctx(world.ownerId),
      ...extra,
    });

  async function withVersion(world: WorkspaceWorld) {
    await uploadedApp(world, 2);
    return aWorkload(world, 'job');
  }

  it('refuses inject_secret_keys whatever its value', async () => {
    const world = await aWorkspaceWorld();
    const workload = await withVersion(world);
    for (const value of [['KEY'], [], null, false])
      await expect(deploy(world, workload.id, { injectSecretKeys: value })).rejects.toMatchObject({
        code: 'secret_injection_disabled',
      });
  });

  it('deploys with the version’s definition and records the ids on the workload', async () => {
    const world = await aWorkspaceWorld();
    const workload = await withVersion(world);
    await deploy(world, workload.id, { cpu: 1, memory: '1Gi' });
    expect(world.deps.codeRunner.callsOf('createDeployment')[0]?.args).toEqual([
      { definitionId: 'def-1', versionId: 'ver-2', configuration: { cpu: 1, memory: '1Gi' } },
    ]);
    const stored = await world.deps.uow.read.workloads.findById(world.workspaceId, workload.id);
    expect(coderunnerIdsOf(stored?.manifest ?? {})).toMatchObject({
      definition_id: 'def-1',
      deployment_id: 'dep-3',
    });
  });

  it('takes null cpu, memory and cron_expression, and an empty cron_expression, as not given', async () => {
    const world = await aWorkspaceWorld();
    const workload = await withVersion(world);
    await deploy(world, workload.id, { cpu: null, memory: null, cronExpression: null });
    await deploy(world, workload.id, { memory: '1Gi', cronExpression: '' });
    expect(world.deps.codeRunner.callsOf('createDeployment').map((c) => c.args[0])).toEqual([
      { definitionId: 'def-1', versionId: 'ver-2', configuration: {} },
      { definitionId: 'def-1', versionId: 'ver-2', configuration: { memory: '1Gi' } },
    ]);
  });

  it('answers 503 coderunner_not_configured without a service, after the workload checks and before any id check', async () => {
    const world = await aWorkspaceWorld();
    world.deps.codeRunner.configured = false;
    const workload = await aWorkload(world, 'job');
    const member = await aMember(world, 'member');
    const run = (workloadId: string, userId = world.ownerId) =>
      world.uc.workloads.run.execute({
        userId,
        workspaceId: world.workspaceId,
        workloadId,
        event: {},
        context: ctx(userId),
      });
    // Nothing recorded on the workload: with a service this run would be 409 coderunner_not_deployed.
    await expect(run(workload.id)).rejects.toMatchObject({ code: 'coderunner_not_configured' });
    await expect(deploy(world, workload.id)).rejects.toMatchObject({ code: 'coderunner_not_configured' });
    expect(world.deps.codeRunner.calls).toHaveLength(0);

    await expect(run(workload.id, member)).rejects.toMatchObject({ code: 'permission_denied' });
    await expect(run(world.deps.ids.next())).rejects.toMatchObject({ code: 'workload_not_found' });
    await expect(deploy(world, workload.id, { injectSecretKeys: [] })).rejects.toMatchObject({
      code: 'secret_injection_disabled',
    });
    await world.uc.workloads.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      workloadId: workload.id,
      context: ctx(world.ownerId),
    });
    await expect(run(workload.id)).rejects.toMatchObject({ code: 'workload_archived' });
  });

  it('never sends the event to a deployment_url other than the deployment’s endpoint', async () => {
    const world = await aWorkspaceWorld();
    const workload = await withVersion(world);
    await deploy(world, workload.id);
    const run = (deploymentUrl: string) =>
      world.uc.workloads.run.execute({
        userId: world.ownerId,
        workspaceId: world.workspaceId,
        workloadId: workload.id,
        deploymentUrl,
        event: { e: 1 },
        context: ctx(world.ownerId),
      });
    await expect(run('https://evil.test/x')).rejects.toMatchObject({ code: 'deployment_url_mismatch' });
    expect(world.deps.codeRunner.callsOf('invokeEndpoint')).toHaveLength(0);
    await run('https://fn.coderunner.test/invoke');
    expect(world.deps.codeRunner.callsOf('invokeEndpoint')[0]?.args).toEqual([
      'https://fn.coderunner.test/invoke',
      { e: 1 },
    ]);
  });
});
