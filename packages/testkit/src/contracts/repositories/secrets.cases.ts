/// <reference types="jest" />
import type { AuditEvent, Flag, M2mClient, Secret, UnitOfWork, User } from '@groundfloor/domain';
import {
  aMembership,
  anAuditEvent,
  anEnvironment,
  anOrganization,
  at,
  aUser,
  aWorkspace,
  newId,
} from '../contract-fixtures';
import { expectDuplicate } from '../expect-duplicate';

const sealed = (n: number) => ({
  keyId: 'mk-0000000000000001',
  wrappedKey: `d3JhcHBlZA${n}`,
  iv: 'aXY=',
  ciphertext: `Y2lwaGVy${n}`,
  tag: 'dGFn',
});

function aSecret(workspaceId: string, environmentId: string | null, overrides: Partial<Secret> = {}): Secret {
  return {
    id: newId(),
    workspaceId,
    environmentId,
    key: 'API_KEY',
    description: null,
    sealed: sealed(1),
    createdAt: at(0),
    updatedAt: at(0),
    ...overrides,
  };
}

async function tenancy(uow: UnitOfWork) {
  const org = anOrganization();
  const workspace = aWorkspace(org.id);
  const dev = anEnvironment(workspace.id, { name: 'dev' });
  const prod = anEnvironment(workspace.id, { name: 'prod' });
  await uow.transaction(async (tx) => {
    await tx.organizations.save(org);
    await tx.workspaces.save(workspace);
    await tx.environments.save(dev);
    await tx.environments.save(prod);
  });
  return { org, workspace, dev, prod };
}

/** Secrets, M2M clients, flags and audit reads (issue 5). */
export function secretsM2mFlagsAuditCases(uow: () => UnitOfWork): void {
  describe('secrets', () => {
    it('round-trips workspace-wide and per-environment sets, by key in byte order', async () => {
      const { workspace, dev, prod } = await tenancy(uow());
      const wide = aSecret(workspace.id, null, { key: 'b_KEY', description: 'wide' });
      const devB = aSecret(workspace.id, dev.id, { key: 'b_KEY', sealed: sealed(2) });
      const devA = aSecret(workspace.id, dev.id, { key: 'B_KEY' });
      const devC = aSecret(workspace.id, dev.id, { key: '_c' });
      await uow().transaction(async (tx) => {
        for (const s of [wide, devB, devA, devC]) await tx.secrets.save(s);
      });
      expect(await uow().read.secrets.find(workspace.id, null, 'b_KEY')).toEqual(wide);
      expect(await uow().read.secrets.find(workspace.id, dev.id, 'b_KEY')).toEqual(devB);
      expect(await uow().read.secrets.find(workspace.id, prod.id, 'b_KEY')).toBeNull();
      expect(await uow().read.secrets.find(workspace.id, 'nope', 'b_KEY')).toBeNull();
      expect(
        await uow().transaction((tx) => tx.secrets.findForUpdate(workspace.id, dev.id, 'B_KEY')),
      ).toEqual(devA);
      expect((await uow().read.secrets.listSet(workspace.id, dev.id)).map((s) => s.key)).toEqual([
        'B_KEY',
        '_c',
        'b_KEY',
      ]);
      expect(await uow().read.secrets.listSet(workspace.id, null)).toEqual([wide]);
      expect(await uow().read.secrets.listSet(workspace.id, prod.id)).toEqual([]);

      const changed = { ...devB, description: 'now', sealed: sealed(3), updatedAt: at(9) };
      await uow().transaction((tx) => tx.secrets.save(changed));
      expect(await uow().read.secrets.find(workspace.id, dev.id, 'b_KEY')).toEqual(changed);
      await uow().transaction((tx) => tx.secrets.delete(devB.id));
      expect(await uow().read.secrets.find(workspace.id, dev.id, 'b_KEY')).toBeNull();
    });

    it('counts one set, leaving out the keys asked for', async () => {
      const { workspace, dev, prod } = await tenancy(uow());
      await uow().transaction(async (tx) => {
        for (const key of ['A', 'B', 'PLATFORM']) await tx.secrets.save(aSecret(workspace.id, null, { key }));
        for (const key of ['A', 'C', 'D']) await tx.secrets.save(aSecret(workspace.id, dev.id, { key }));
      });
      const count = uow().read.secrets.countSet.bind(uow().read.secrets);
      expect(await count(workspace.id, null, [])).toBe(3);
      expect(await count(workspace.id, null, ['PLATFORM', 'ELSE'])).toBe(2);
      expect(await count(workspace.id, dev.id, ['PLATFORM'])).toBe(3);
      expect(await count(workspace.id, prod.id, [])).toBe(0);
      expect(await count(newId(), null, [])).toBe(0);
      expect(await count(workspace.id, 'nope', [])).toBe(0);
    });

    it('holds one key per set, the workspace-wide set included', async () => {
      const { workspace, dev } = await tenancy(uow());
      await uow().transaction((tx) => tx.secrets.save(aSecret(workspace.id, null)));
      await uow().transaction((tx) => tx.secrets.save(aSecret(workspace.id, dev.id)));
      await expectDuplicate(uow().transaction((tx) => tx.secrets.save(aSecret(workspace.id, null))));
      await expectDuplicate(uow().transaction((tx) => tx.secrets.save(aSecret(workspace.id, dev.id))));
    });

    it('lists every secret in id batches and replaces only the sealed value', async () => {
      const { workspace, dev } = await tenancy(uow());
      const mine = [aSecret(workspace.id, null, { key: 'A' }), aSecret(workspace.id, dev.id, { key: 'B' })];
      await uow().transaction(async (tx) => {
        for (const s of mine) await tx.secrets.save(s);
      });
      const seen: Secret[] = [];
      let after: string | null = null;
      for (;;) {
        const batch: Secret[] = await uow().read.secrets.listBatch(after, 1);
        if (batch.length === 0) break;
        seen.push(...batch);
        after = batch[batch.length - 1]?.id ?? null;
      }
      const ids = seen.map((s) => s.id);
      expect(ids).toEqual([...ids].sort());
      expect(ids).toEqual(expect.arrayContaining(mine.map((s) => s.id)));
      // countAll counts what listBatch walks: every secret of every workspace.
      expect(await uow().read.secrets.countAll()).toBe(seen.length);

      const target = mine[0] as Secret;
      expect(await uow().transaction((tx) => tx.secrets.replaceSealed(target.id, sealed(7)))).toBe(true);
      expect(await uow().read.secrets.find(workspace.id, null, 'A')).toEqual({
        ...target,
        sealed: sealed(7),
      });
      expect(await uow().transaction((tx) => tx.secrets.replaceSealed(newId(), sealed(7)))).toBe(false);
    });
  });

  describe('m2m clients', () => {
    it('round-trips, lists by workspace oldest first and deletes', async () => {
      const { workspace } = await tenancy(uow());
      const newer: M2mClient = {
        id: newId(),
        workspaceId: workspace.id,
        name: 'ci',
        secretHash: 'hash-1',
        scopes: ['secrets:read'],
        createdAt: at(20),
      };
      const older: M2mClient = { ...newer, id: newId(), name: 'none', scopes: [], createdAt: at(10) };
      await uow().transaction(async (tx) => {
        await tx.m2mClients.save(newer);
        await tx.m2mClients.save(older);
      });
      expect(await uow().read.m2mClients.findById(newer.id)).toEqual(newer);
      expect(await uow().read.m2mClients.findById('not-a-uuid')).toBeNull();
      expect(await uow().read.m2mClients.listByWorkspace(workspace.id)).toEqual([older, newer]);
      expect(await uow().read.m2mClients.countByWorkspace(workspace.id)).toBe(2);
      await uow().transaction((tx) => tx.m2mClients.delete(newer.id));
      expect(await uow().read.m2mClients.findById(newer.id)).toBeNull();
      expect(await uow().read.m2mClients.countByWorkspace(workspace.id)).toBe(1);
      expect(await uow().read.m2mClients.countByWorkspace(newId())).toBe(0);
    });
  });

  describe('flags', () => {
    it('keeps any JSON value exactly, replaces by key, lists by key and deletes', async () => {
      const { workspace } = await tenancy(uow());
      const values: unknown[] = [null, false, 3.5, 'on', [1, 'a'], { z: 1, a: { b: [null] } }];
      const flags: Flag[] = values.map((value, i) => ({
        workspaceId: workspace.id,
        key: `f.${i}`,
        value,
        updatedAt: at(i),
      }));
      await uow().transaction(async (tx) => {
        for (const f of flags) await tx.flags.save(f);
      });
      const listed = await uow().read.flags.listByWorkspace(workspace.id);
      expect(listed).toEqual(flags);
      expect(await uow().read.flags.countByWorkspace(workspace.id)).toBe(values.length);
      expect(await uow().read.flags.countByWorkspace(newId())).toBe(0);
      expect(JSON.stringify(listed[5]?.value)).toBe('{"z":1,"a":{"b":[null]}}');
      const replaced = { ...(flags[0] as Flag), value: { on: true }, updatedAt: at(50) };
      await uow().transaction((tx) => tx.flags.save(replaced));
      expect(await uow().read.flags.find(workspace.id, 'f.0')).toEqual(replaced);
      expect(await uow().transaction((tx) => tx.flags.delete(workspace.id, 'f.0'))).toBe(true);
      expect(await uow().transaction((tx) => tx.flags.delete(workspace.id, 'f.0'))).toBe(false);
      expect(await uow().read.flags.find(workspace.id, 'f.0')).toBeNull();
      expect(await uow().read.flags.countByWorkspace(workspace.id)).toBe(values.length - 1);
    });
  });

  describe('audit reads', () => {
    it('lists newest first with id tie-breaks, filters by action, pages with a cursor', async () => {
      const { org, workspace } = await tenancy(uow());
      const other = await tenancy(uow());
      const ws = (createdAt: number, action = 'a.b', id = newId()): AuditEvent =>
        anAuditEvent({
          id,
          action,
          organizationId: org.id,
          workspaceId: workspace.id,
          createdAt: at(createdAt),
        });
      const [low, high] = [newId(), newId()].sort() as [string, string];
      const events = [
        ws(1),
        ws(2, 'x.y'),
        ws(3, 'a.b', low),
        ws(3, 'a.b', high),
        anAuditEvent({ organizationId: org.id, createdAt: at(4) }),
        anAuditEvent({ workspaceId: workspace.id, createdAt: at(5) }),
        anAuditEvent({ organizationId: other.org.id, workspaceId: other.workspace.id, createdAt: at(6) }),
      ];
      await uow().transaction(async (tx) => {
        for (const e of events) await tx.audit.append(e);
      });
      const ids = (list: AuditEvent[]) => list.map((e) => e.id);
      const [e1, e2, e3, e4, e5, e6] = events as [
        AuditEvent,
        AuditEvent,
        AuditEvent,
        AuditEvent,
        AuditEvent,
        AuditEvent,
      ];
      const workspaceScope = { type: 'workspace' as const, id: workspace.id };
      expect(ids(await uow().read.audit.list({ scope: workspaceScope, limit: 10 }))).toEqual(
        ids([e6, e4, e3, e2, e1]),
      );
      const organizationScope = { type: 'organization' as const, id: org.id };
      const all = await uow().read.audit.list({ scope: organizationScope, limit: 10 });
      expect(ids(all)).toEqual(ids([e6, e5, e4, e3, e2, e1]));
      expect(all[0]).toEqual(e6);
      expect(
        ids(
          await uow().read.audit.list({
            scope: organizationScope,
            limit: 2,
            before: { createdAt: at(3), id: high },
          }),
        ),
      ).toEqual(ids([e3, e2]));
      expect(
        ids(await uow().read.audit.list({ scope: organizationScope, action: 'x.y', limit: 10 })),
      ).toEqual(ids([e2]));
      expect(await uow().read.audit.list({ scope: { type: 'workspace', id: 'nope' }, limit: 10 })).toEqual(
        [],
      );
    });

    it("shows members' own account events where they hold an accepted membership, from when it was made", async () => {
      const { org, workspace } = await tenancy(uow());
      const other = await tenancy(uow());
      const [wsMember, orgAdmin, billing, invitee, outsider] = [aUser(), aUser(), aUser(), aUser(), aUser()];
      await uow().transaction(async (tx) => {
        for (const u of [wsMember, orgAdmin, billing, invitee, outsider]) await tx.users.save(u);
        const inOrg = { scopeType: 'account' as const, scopeId: org.id };
        await tx.memberships.save(
          aMembership(wsMember.id, { scopeType: 'workspace', scopeId: workspace.id }, { createdAt: at(2) }),
        );
        await tx.memberships.save(aMembership(orgAdmin.id, inOrg, { role: 'admin' }));
        await tx.memberships.save(aMembership(billing.id, inOrg, { role: 'billing_admin' }));
        await tx.memberships.save(aMembership(invitee.id, inOrg, { status: 'pending' }));
        await tx.memberships.save(aMembership(outsider.id, { scopeType: 'account', scopeId: other.org.id }));
      });
      const signIn = (user: User, seconds: number) =>
        anAuditEvent({
          action: 'auth.signed_in',
          actor: { kind: 'user', id: user.id },
          createdAt: at(seconds),
        });
      const beforeJoining = signIn(wsMember, 1);
      const member = signIn(wsMember, 3);
      const admin = signIn(orgAdmin, 4);
      const billingAdmin = signIn(billing, 5);
      const pending = signIn(invitee, 6);
      const elsewhere = signIn(outsider, 7);
      const operator = anAuditEvent({ actor: { kind: 'operator', id: 'operator' }, createdAt: at(8) });
      await uow().transaction(async (tx) => {
        for (const e of [beforeJoining, member, admin, billingAdmin, pending, elsewhere, operator]) {
          await tx.audit.append(e);
        }
      });
      const ids = (list: AuditEvent[]) => list.map((e) => e.id);
      const list = (type: 'organization' | 'workspace', id: string) =>
        uow().read.audit.list({ scope: { type, id }, limit: 10 });
      expect(ids(await list('workspace', workspace.id))).toEqual(ids([admin, member]));
      expect(ids(await list('organization', org.id))).toEqual(ids([billingAdmin, admin, member]));
      expect(await uow().read.audit.countForOrganization(org.id)).toBe(3);
      expect(ids(await list('organization', other.org.id))).toEqual(ids([elsewhere]));
      expect(ids(await list('workspace', other.workspace.id))).toEqual(ids([elsewhere]));
    });

    it('keeps an account event visible where its actor was a member when it happened, once per page, by keyset pages', async () => {
      const { org, workspace } = await tenancy(uow());
      const [person, later] = [aUser(), aUser()];
      const inOrg = aMembership(person.id, { scopeType: 'account', scopeId: org.id }, { createdAt: at(0) });
      const inWorkspace = aMembership(
        person.id,
        { scopeType: 'workspace', scopeId: workspace.id },
        { createdAt: at(0) },
      );
      await uow().transaction(async (tx) => {
        await tx.users.save(person);
        await tx.users.save(later);
        await tx.memberships.save(inOrg);
        await tx.memberships.save(inWorkspace);
      });
      const signIn = (user: User, seconds: number) =>
        anAuditEvent({
          action: 'auth.signed_in',
          actor: { kind: 'user', id: user.id },
          createdAt: at(seconds),
        });
      const own = (seconds: number) =>
        anAuditEvent({ organizationId: org.id, workspaceId: workspace.id, createdAt: at(seconds) });
      const events = [signIn(person, 1), own(2), signIn(person, 3), own(4), signIn(later, 5)];
      await uow().transaction(async (tx) => {
        for (const e of events) await tx.audit.append(e);
      });
      // Someone who joins afterwards does not bring their earlier account events along.
      await uow().transaction((tx) =>
        tx.memberships.save(
          aMembership(later.id, { scopeType: 'account', scopeId: org.id }, { createdAt: at(0) }),
        ),
      );
      // Leaving does not erase what happened while a member.
      await uow().transaction(async (tx) => {
        await tx.memberships.delete(inOrg.id);
        await tx.memberships.delete(inWorkspace.id);
      });
      const ids = (list: AuditEvent[]) => list.map((e) => e.id);
      const expected = ids([events[3], events[2], events[1], events[0]] as AuditEvent[]);
      for (const type of ['workspace', 'organization'] as const) {
        const id = type === 'workspace' ? workspace.id : org.id;
        expect(ids(await uow().read.audit.list({ scope: { type, id }, limit: 10 }))).toEqual(expected);
        const first = await uow().read.audit.list({ scope: { type, id }, limit: 3 });
        const last = first[first.length - 1] as AuditEvent;
        const second = await uow().read.audit.list({
          scope: { type, id },
          limit: 3,
          before: { createdAt: last.createdAt, id: last.id },
        });
        expect([...ids(first), ...ids(second)]).toEqual(expected);
        expect(
          ids(await uow().read.audit.list({ scope: { type, id }, action: 'auth.signed_in', limit: 10 })),
        ).toEqual(ids([events[2], events[0]] as AuditEvent[]));
      }
      expect(await uow().read.audit.countForOrganization(org.id)).toBe(4);
    });
  });
}
