import {
  effectiveWorkspaceRole,
  organizationPermits,
  PERMISSIONS,
  type Permission,
  RANK,
  type Role,
  requireRoleForScope,
  workspacePermits,
} from '../src';

// Supplement §5a, written out as the table a reader would check it against.
const ORG: Record<Role, Permission[]> = {
  owner: ['read', 'write', 'delete', 'ddl', 'administer', 'manage_members', 'view_billing'],
  admin: ['read', 'write', 'delete', 'ddl', 'administer', 'manage_members', 'view_billing'],
  billing_admin: ['read', 'view_billing'],
  writer: ['read'],
  member: ['read'],
  partner: ['read'],
};

const WS_DIRECT: Record<Exclude<Role, 'billing_admin'>, Permission[]> = {
  owner: ['read', 'write', 'delete', 'ddl', 'administer', 'manage_members'],
  admin: ['read', 'write', 'delete', 'ddl', 'administer', 'manage_members'],
  writer: ['read', 'write', 'delete'],
  member: ['read'],
  partner: ['read'],
};

// What an organization role (and no workspace role) gives on each of its workspaces.
const WS_FROM_ORG: Record<Role, Permission[]> = {
  owner: ['read', 'write', 'delete', 'ddl', 'administer', 'manage_members'],
  admin: ['read', 'write', 'delete', 'ddl', 'administer', 'manage_members'],
  billing_admin: [],
  writer: ['read'],
  member: ['read'],
  partner: ['read'],
};

describe('permissions on an organization', () => {
  for (const [role, granted] of Object.entries(ORG) as [Role, Permission[]][]) {
    for (const permission of PERMISSIONS) {
      const expected = granted.includes(permission);
      it(`${role} ${expected ? 'holds' : 'lacks'} ${permission}`, () => {
        expect(organizationPermits(role, permission)).toBe(expected);
      });
    }
  }
  it('no role grants nothing', () => {
    for (const p of PERMISSIONS) expect(organizationPermits(null, p)).toBe(false);
  });
});

describe('permissions on a workspace', () => {
  for (const [role, granted] of Object.entries(WS_DIRECT) as [
    Exclude<Role, 'billing_admin'>,
    Permission[],
  ][]) {
    for (const permission of PERMISSIONS) {
      const expected = granted.includes(permission);
      it(`workspace ${role} ${expected ? 'holds' : 'lacks'} ${permission}`, () => {
        expect(workspacePermits(null, role, permission)).toBe(expected);
      });
    }
  }
  for (const [role, granted] of Object.entries(WS_FROM_ORG) as [Role, Permission[]][]) {
    for (const permission of PERMISSIONS) {
      const expected = granted.includes(permission);
      it(`organization ${role} ${expected ? 'holds' : 'lacks'} ${permission} on its workspaces`, () => {
        expect(workspacePermits(role, null, permission)).toBe(expected);
      });
    }
  }
  it('view_billing is never granted on a workspace', () => {
    expect(workspacePermits('owner', 'owner', 'view_billing')).toBe(false);
  });
});

describe('effective role on a workspace', () => {
  it.each([
    ['owner', null, 'owner'],
    ['admin', 'member', 'admin'],
    ['member', 'admin', 'admin'],
    ['writer', null, 'member'],
    ['partner', null, 'member'],
    ['billing_admin', null, null],
    ['billing_admin', 'writer', 'writer'],
    [null, 'partner', 'partner'],
    ['writer', 'writer', 'writer'],
    [null, null, null],
  ] as const)('org %s + workspace %s acts as %s', (org, ws, expected) => {
    expect(effectiveWorkspaceRole(org, ws)).toBe(expected);
  });

  it('a workspace writer who is an org billing_admin may write there but not administer', () => {
    expect(workspacePermits('billing_admin', 'writer', 'write')).toBe(true);
    expect(workspacePermits('billing_admin', 'writer', 'administer')).toBe(false);
  });
});

describe('rank order', () => {
  it('is owner > admin > billing_admin = writer > member = partner', () => {
    expect(RANK.owner).toBeGreaterThan(RANK.admin);
    expect(RANK.admin).toBeGreaterThan(RANK.billing_admin);
    expect(RANK.billing_admin).toBe(RANK.writer);
    expect(RANK.writer).toBeGreaterThan(RANK.member);
    expect(RANK.member).toBe(RANK.partner);
  });
});

describe('roles by scope', () => {
  it('billing_admin is refused on a workspace with a 422-kind error', () => {
    expect(() => requireRoleForScope('workspace', 'billing_admin')).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'invalid_role_for_scope' }),
    );
  });
  it('billing_admin is valid on an organization', () => {
    expect(requireRoleForScope('account', 'billing_admin')).toBe('billing_admin');
  });
  it('unknown roles are refused', () => {
    expect(() => requireRoleForScope('account', 'superuser')).toThrow(
      expect.objectContaining({ kind: 'invalid' }),
    );
  });
  it('partner is a distinct stored role with member permissions', () => {
    expect(requireRoleForScope('workspace', 'partner')).toBe('partner');
    for (const p of PERMISSIONS)
      expect(workspacePermits(null, 'partner', p)).toBe(workspacePermits(null, 'member', p));
  });
});
