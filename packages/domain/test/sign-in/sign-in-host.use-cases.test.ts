import { aWorkload, createApp } from '../support/app-world';
import { DAY, getAuth, putAuth, putAuthIn, storedConfig } from '../support/sign-in-world';
import {
  anotherWorkspace,
  audited,
  aWorkspaceWorld,
  ctx,
  type WorkspaceWorld,
} from '../support/workspace-world';

const requestVerification = (world: WorkspaceWorld) =>
  world.uc.signInConfig.requestHostVerification.execute({
    userId: world.ownerId,
    workspaceId: world.workspaceId,
    context: ctx(world.ownerId),
  });

const check = (world: WorkspaceWorld) =>
  world.uc.signInConfig.checkHostVerification.execute({
    userId: world.ownerId,
    workspaceId: world.workspaceId,
    context: ctx(world.ownerId),
  });

/** Publishes the TXT record the claim asks for in the world's fake DNS. */
function publish(world: WorkspaceWorld, domain: string, token: string) {
  world.deps.dns.zone[`_svc-verify.${domain}`] = { txt: [[`svc-verify=${token}`]] };
}

describe('claiming a custom sign-in host', () => {
  it('stores the host pending with a fresh token; the same host again changes nothing', async () => {
    const world = await aWorkspaceWorld();
    const { config } = await putAuth(world, { customDomain: ' Login.Acme.Example ' });
    expect(config.host).toMatchObject({
      customDomain: 'login.acme.example',
      customDomainStatus: 'pending',
      claimedAt: world.deps.clock.now(),
      verifiedAt: null,
    });
    const token = config.host.verificationToken;
    expect(token).toMatch(/^token-/);
    world.deps.clock.advance(DAY);
    expect((await putAuth(world, { customDomain: 'login.acme.example' })).config.host.verificationToken).toBe(
      token,
    );
  });

  it('validates the host as app custom domains are (422)', async () => {
    const world = await aWorkspaceWorld();
    for (const bad of ['https://login.acme.example', 'localhost', 'login.acme.example:443', '10.0.0.1'])
      await expect(putAuth(world, { customDomain: bad })).rejects.toMatchObject({
        code: 'invalid_domain',
        fieldErrors: [{ field: 'host.custom_domain' }],
      });
  });

  it('refuses a host another workspace claims (409), even pending', async () => {
    const world = await aWorkspaceWorld();
    await putAuthIn(world, await anotherWorkspace(world), { customDomain: 'login.acme.example' });
    await expect(putAuth(world, { customDomain: 'LOGIN.acme.example' })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'sign_in_host_taken',
    });
  });

  it("takes over another workspace's claim once it has expired, clearing it with an audit event", async () => {
    const world = await aWorkspaceWorld();
    const otherId = await anotherWorkspace(world);
    await putAuthIn(world, otherId, { customDomain: 'login.acme.example' });
    await expect(putAuth(world, { customDomain: 'login.acme.example' })).rejects.toMatchObject({
      code: 'sign_in_host_taken',
    });
    world.deps.clock.advance(14 * DAY);
    const { config } = await putAuth(world, { customDomain: 'login.acme.example' });
    expect(config.host.customDomain).toBe('login.acme.example');
    expect(world.deps.uow.tables.signInConfigs.get(otherId)?.host.customDomain).toBeNull();
    expect(audited(world, 'sign_in.host_claim_expired')[0]).toMatchObject({
      actor: { kind: 'system' },
      workspaceId: otherId,
    });
  });

  it("refuses an app's custom domain and the platform's own hosts (409)", async () => {
    const world = await aWorkspaceWorld();
    const workload = await aWorkload(world);
    const app = await createApp(world, {
      slug: 'shop',
      appKind: 'standalone',
      primaryCoderunnerId: workload.id,
    });
    await world.uc.domains.add.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      appId: app.id,
      domain: 'shop.acme.example',
      context: ctx(world.ownerId),
    });
    for (const host of ['shop.acme.example', 'control.test', 'login.control.test', 'apps.control.test'])
      await expect(putAuth(world, { customDomain: host })).rejects.toMatchObject({
        code: 'sign_in_host_collides',
      });
  });

  it('makes app custom domains refuse a claimed sign-in host (BrandedHostLookup)', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { customDomain: 'login.acme.example' });
    const workload = await aWorkload(world);
    const app = await createApp(world, {
      slug: 'shop',
      appKind: 'standalone',
      primaryCoderunnerId: workload.id,
    });
    await expect(
      world.uc.domains.add.execute({
        userId: world.ownerId,
        workspaceId: world.workspaceId,
        appId: app.id,
        domain: 'login.acme.example',
        context: ctx(world.ownerId),
      }),
    ).rejects.toMatchObject({ code: 'domain_collides_with_branded_host' });
  });

  it('removes the claim with null', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { customDomain: 'login.acme.example' });
    expect((await putAuth(world, { customDomain: null })).config.host).toMatchObject({
      customDomain: null,
      customDomainStatus: null,
      verificationToken: null,
    });
  });
});

describe('verifying the custom sign-in host (spec, States: Custom sign-in domain)', () => {
  it('issues a new token and restarts the 14-day clock on each request', async () => {
    const world = await aWorkspaceWorld();
    const first = (await putAuth(world, { customDomain: 'login.acme.example' })).config.host;
    world.deps.clock.advance(13 * DAY);
    const renewed = (await requestVerification(world)).config.host;
    expect(renewed.verificationToken).not.toBe(first.verificationToken);
    expect(renewed.claimedAt).toEqual(world.deps.clock.now());
    world.deps.clock.advance(13 * DAY);
    expect((await getAuth(world)).config.host.customDomain).toBe('login.acme.example');
    expect(audited(world, 'sign_in.host_verification_requested')).toHaveLength(1);
  });

  it('answers 409 without a claim', async () => {
    const world = await aWorkspaceWorld();
    await expect(requestVerification(world)).rejects.toMatchObject({ code: 'sign_in_host_not_set' });
    await expect(check(world)).rejects.toMatchObject({ code: 'sign_in_host_not_set' });
  });

  it('sets the host verified when the TXT record holds the current token', async () => {
    const world = await aWorkspaceWorld();
    const { host } = (await putAuth(world, { customDomain: 'login.acme.example' })).config;
    const pending = await check(world);
    expect(pending.config.host.customDomainStatus).toBe('pending');
    expect(pending.check).toEqual({
      verified: false,
      detail: expect.stringContaining('no TXT record at _svc-verify.login.acme.example'),
    });
    publish(world, 'login.acme.example', host.verificationToken as string);
    world.deps.clock.advance(1000);
    const done = await check(world);
    expect(done.check.verified).toBe(true);
    expect(done.config.host).toMatchObject({
      customDomainStatus: 'verified',
      verifiedAt: world.deps.clock.now(),
    });
    expect(audited(world, 'sign_in.host_checked').map((e) => e.details.verified)).toEqual([false, true]);
  });

  it('does not verify with the token a renewal replaced', async () => {
    const world = await aWorkspaceWorld();
    const { host } = (await putAuth(world, { customDomain: 'login.acme.example' })).config;
    publish(world, 'login.acme.example', host.verificationToken as string);
    await requestVerification(world);
    expect((await check(world)).config.host.customDomainStatus).toBe('pending');
  });

  it('reports a failed lookup as not verified', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { customDomain: 'login.acme.example' });
    world.deps.dns.zone['_svc-verify.login.acme.example'] = 'servfail';
    expect((await check(world)).check).toEqual({
      verified: false,
      detail: expect.stringContaining('SERVFAIL'),
    });
  });

  it('a verified host stays verified: no clearing after 14 days, no new token on request', async () => {
    const world = await aWorkspaceWorld();
    const { host } = (await putAuth(world, { customDomain: 'login.acme.example' })).config;
    publish(world, 'login.acme.example', host.verificationToken as string);
    await check(world);
    world.deps.clock.advance(30 * DAY);
    const again = (await requestVerification(world)).config.host;
    expect(again).toMatchObject({
      customDomainStatus: 'verified',
      verificationToken: host.verificationToken,
    });
  });

  it('clears a claim unverified for 14 days when it is read, with an audit event by the system', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { customDomain: 'login.acme.example' });
    world.deps.clock.advance(14 * DAY - 1);
    expect((await getAuth(world)).config.host.customDomain).toBe('login.acme.example');
    world.deps.clock.advance(1);
    expect((await getAuth(world)).config.host).toMatchObject({
      customDomain: null,
      customDomainStatus: null,
    });
    expect(storedConfig(world)?.host.customDomain).toBeNull();
    expect(audited(world, 'sign_in.host_claim_expired')).toEqual([
      expect.objectContaining({
        actor: { kind: 'system', id: 'system' },
        details: { custom_domain: 'login.acme.example' },
      }),
    ]);
  });

  it('clears an expired claim when it is checked (409, the claim is gone)', async () => {
    const world = await aWorkspaceWorld();
    const { host } = (await putAuth(world, { customDomain: 'login.acme.example' })).config;
    publish(world, 'login.acme.example', host.verificationToken as string);
    world.deps.clock.advance(15 * DAY);
    await expect(check(world)).rejects.toMatchObject({ code: 'sign_in_host_not_set' });
    expect(storedConfig(world)?.host.customDomain).toBeNull();
    expect(audited(world, 'sign_in.host_claim_expired')).toHaveLength(1);
  });

  it('resolves only verified hosts (findByVerifiedHost ignores pending claims)', async () => {
    const world = await aWorkspaceWorld();
    const { host } = (await putAuth(world, { customDomain: 'login.acme.example' })).config;
    const { read } = world.deps.uow;
    expect(await read.signInConfigs.findByVerifiedHost('login.acme.example')).toBeNull();
    publish(world, 'login.acme.example', host.verificationToken as string);
    await check(world);
    expect((await read.signInConfigs.findByVerifiedHost('login.acme.example'))?.workspaceId).toBe(
      world.workspaceId,
    );
  });
});
