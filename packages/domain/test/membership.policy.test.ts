import {
  effectiveWorkspaceRole,
  grantViolation,
  isLastOwner,
  type Membership,
  type Role,
  type RoleRuleViolation,
  removalViolation,
  roleChangeViolation,
  type ScopeType,
  type WorkspaceRole,
} from '../src';

/*
 * The grant and revoke rules as the tables a reader checks them against.
 * Rows: the caller's effective role on the scope; columns: the role granted,
 * revoked, or (PATCH) the member's current role and the new one.
 *   ok      allowed
 *   manage  missing_manage_members (403 permission_denied)
 *   ownr    only_owner_grants_owner
 *   below   role_not_below_caller
 *   demote  cannot_demote_owner
 */
// role_above_ceiling never shows: only owners and admins manage members, and
// the one role ranked above admin is owner, which only_owner_grants_owner answers.
type Cell = 'ok' | 'manage' | 'ownr' | 'below' | 'demote';
const VIOLATION: Record<Cell, RoleRuleViolation | null> = {
  ok: null,
  manage: 'missing_manage_members',
  ownr: 'only_owner_grants_owner',
  below: 'role_not_below_caller',
  demote: 'cannot_demote_owner',
};

const ORG_ROLES: Role[] = ['owner', 'admin', 'billing_admin', 'writer', 'member', 'partner'];
const WS_ROLES: WorkspaceRole[] = ['owner', 'admin', 'writer', 'member', 'partner'];
type Caller = Role | 'none';
const role = (caller: Caller): Role | null => (caller === 'none' ? null : caller);

// POST members and the new role of a PATCH. Columns in ORG_ROLES order.
const GRANT_ON_ORGANIZATION: Record<Caller, Cell[]> = {
  owner: ['ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  admin: ['ownr', 'ok', 'ok', 'ok', 'ok', 'ok'],
  billing_admin: ['manage', 'manage', 'manage', 'manage', 'manage', 'manage'],
  writer: ['manage', 'manage', 'manage', 'manage', 'manage', 'manage'],
  member: ['manage', 'manage', 'manage', 'manage', 'manage', 'manage'],
  partner: ['manage', 'manage', 'manage', 'manage', 'manage', 'manage'],
  none: ['manage', 'manage', 'manage', 'manage', 'manage', 'manage'],
};
// Columns in WS_ROLES order; the caller's role is their effective workspace role.
const GRANT_ON_WORKSPACE: Record<WorkspaceRole | 'none', Cell[]> = {
  owner: ['ok', 'ok', 'ok', 'ok', 'ok'],
  admin: ['ownr', 'ok', 'ok', 'ok', 'ok'],
  writer: ['manage', 'manage', 'manage', 'manage', 'manage'],
  member: ['manage', 'manage', 'manage', 'manage', 'manage'],
  partner: ['manage', 'manage', 'manage', 'manage', 'manage'],
  none: ['manage', 'manage', 'manage', 'manage', 'manage'],
};

// DELETE: only strictly below the caller's own role (rule 4), oneself included.
const REMOVE_ON_ORGANIZATION: Record<Caller, Cell[]> = {
  owner: ['below', 'ok', 'ok', 'ok', 'ok', 'ok'],
  admin: ['below', 'below', 'ok', 'ok', 'ok', 'ok'],
  billing_admin: ['manage', 'manage', 'manage', 'manage', 'manage', 'manage'],
  writer: ['manage', 'manage', 'manage', 'manage', 'manage', 'manage'],
  member: ['manage', 'manage', 'manage', 'manage', 'manage', 'manage'],
  partner: ['manage', 'manage', 'manage', 'manage', 'manage', 'manage'],
  none: ['manage', 'manage', 'manage', 'manage', 'manage', 'manage'],
};
const REMOVE_ON_WORKSPACE: Record<WorkspaceRole | 'none', Cell[]> = {
  owner: ['below', 'ok', 'ok', 'ok', 'ok'],
  admin: ['below', 'below', 'ok', 'ok', 'ok'],
  writer: ['manage', 'manage', 'manage', 'manage', 'manage'],
  member: ['manage', 'manage', 'manage', 'manage', 'manage'],
  partner: ['manage', 'manage', 'manage', 'manage', 'manage'],
  none: ['manage', 'manage', 'manage', 'manage', 'manage'],
};

// PATCH on an organization: rows are the current role, columns the new role
// (ORG_ROLES order); '=' is the same role, which the use case returns unchanged.
type PatchCell = Cell | '=';
const PATCH_BY_OWNER_OF_ANOTHER: Record<Role, PatchCell[]> = {
  owner: ['=', 'demote', 'demote', 'demote', 'demote', 'demote'],
  admin: ['ok', '=', 'ok', 'ok', 'ok', 'ok'],
  billing_admin: ['ok', 'ok', '=', 'ok', 'ok', 'ok'],
  writer: ['ok', 'ok', 'ok', '=', 'ok', 'ok'],
  member: ['ok', 'ok', 'ok', 'ok', '=', 'ok'],
  partner: ['ok', 'ok', 'ok', 'ok', 'ok', '='],
};
// An owner may demote themselves (the last-owner rule is checked apart).
const PATCH_BY_OWNER_OF_THEMSELVES: PatchCell[] = ['=', 'ok', 'ok', 'ok', 'ok', 'ok'];
const PATCH_BY_ADMIN: Record<Role, PatchCell[]> = {
  owner: ['=', 'below', 'below', 'below', 'below', 'below'],
  admin: ['ownr', '=', 'below', 'below', 'below', 'below'],
  billing_admin: ['ownr', 'ok', '=', 'ok', 'ok', 'ok'],
  writer: ['ownr', 'ok', 'ok', '=', 'ok', 'ok'],
  member: ['ownr', 'ok', 'ok', 'ok', '=', 'ok'],
  partner: ['ownr', 'ok', 'ok', 'ok', 'ok', '='],
};

function describeOneOperationTable(
  title: string,
  scopeType: ScopeType,
  roles: Role[],
  table: Record<string, Cell[]>,
  decide: (scopeType: ScopeType, caller: Role | null, target: Role) => RoleRuleViolation | null,
) {
  describe(title, () => {
    for (const [caller, cells] of Object.entries(table)) {
      roles.forEach((target, i) => {
        const cell = cells[i] as Cell;
        it(`${caller} → ${target}: ${cell}`, () => {
          expect(decide(scopeType, role(caller as Caller), target)).toBe(VIOLATION[cell]);
        });
      });
    }
  });
}

describeOneOperationTable(
  'grant on an organization',
  'account',
  ORG_ROLES,
  GRANT_ON_ORGANIZATION,
  grantViolation,
);
describeOneOperationTable('grant on a workspace', 'workspace', WS_ROLES, GRANT_ON_WORKSPACE, grantViolation);
describeOneOperationTable(
  'remove on an organization',
  'account',
  ORG_ROLES,
  REMOVE_ON_ORGANIZATION,
  removalViolation,
);
describeOneOperationTable(
  'remove on a workspace',
  'workspace',
  WS_ROLES,
  REMOVE_ON_WORKSPACE,
  removalViolation,
);

describe('role change (PATCH) on an organization', () => {
  const check = (caller: Role | null, current: Role, next: Role, ownMembership: boolean, cell: PatchCell) => {
    if (cell === '=') return;
    expect(roleChangeViolation('account', caller, { current, next, ownMembership })).toBe(VIOLATION[cell]);
  };
  for (const [current, cells] of Object.entries(PATCH_BY_OWNER_OF_ANOTHER) as [Role, PatchCell[]][]) {
    it(`owner changing another member's ${current}: ${cells.join(' ')}`, () => {
      ORG_ROLES.forEach((next, i) => {
        check('owner', current, next, false, cells[i] as PatchCell);
      });
    });
  }
  it(`owner changing their own owner role: ${PATCH_BY_OWNER_OF_THEMSELVES.join(' ')}`, () => {
    ORG_ROLES.forEach((next, i) => {
      check('owner', 'owner', next, true, PATCH_BY_OWNER_OF_THEMSELVES[i] as PatchCell);
    });
  });
  for (const [current, cells] of Object.entries(PATCH_BY_ADMIN) as [Role, PatchCell[]][]) {
    for (const own of [false, true]) {
      it(`admin changing ${own ? 'their own' : "another member's"} ${current}: ${cells.join(' ')}`, () => {
        ORG_ROLES.forEach((next, i) => {
          check('admin', current, next, own, cells[i] as PatchCell);
        });
      });
    }
  }
  for (const caller of ['billing_admin', 'writer', 'member', 'partner', null] as (Role | null)[]) {
    it(`${caller ?? 'no role'} changes nothing`, () => {
      for (const current of ORG_ROLES) {
        for (const next of ORG_ROLES) {
          if (current !== next) check(caller, current, next, false, 'manage');
        }
      }
    });
  }
});

describe('role change (PATCH) on a workspace follows the same rules without billing_admin', () => {
  const columns = WS_ROLES.map((r) => ORG_ROLES.indexOf(r));
  const tables: [WorkspaceRole, Record<Role, PatchCell[]>][] = [
    ['owner', PATCH_BY_OWNER_OF_ANOTHER],
    ['admin', PATCH_BY_ADMIN],
  ];
  for (const [caller, table] of tables) {
    it(`${caller} on a workspace`, () => {
      for (const current of WS_ROLES) {
        columns.forEach((column, i) => {
          const cell = table[current][column] as PatchCell;
          const next = WS_ROLES[i] as WorkspaceRole;
          if (cell !== '=') {
            expect(roleChangeViolation('workspace', caller, { current, next, ownMembership: false })).toBe(
              VIOLATION[cell],
            );
          }
        });
      }
    });
  }
});

describe('the caller role on a workspace is the effective one (supplement §5a)', () => {
  const cases: [Role | null, WorkspaceRole | null, WorkspaceRole, RoleRuleViolation | null][] = [
    // organization role, workspace role, role to grant, expected
    ['owner', null, 'owner', null],
    ['admin', null, 'admin', null],
    ['admin', null, 'owner', 'only_owner_grants_owner'],
    ['admin', 'owner', 'owner', null],
    ['writer', 'admin', 'admin', null],
    ['writer', null, 'member', 'missing_manage_members'],
    ['billing_admin', null, 'member', 'missing_manage_members'],
    ['member', 'writer', 'member', 'missing_manage_members'],
  ];
  for (const [orgRole, wsRole, granted, expected] of cases) {
    it(`organization ${orgRole ?? '-'} + workspace ${wsRole ?? '-'} granting ${granted}: ${expected ?? 'ok'}`, () => {
      const effective = effectiveWorkspaceRole(orgRole, wsRole);
      expect(grantViolation('workspace', effective, granted)).toBe(expected);
    });
  }
});

describe('last owner', () => {
  const now = new Date('2026-06-01T00:00:00.000Z');
  const past = new Date('2026-05-01T00:00:00.000Z');
  let n = 0;
  const owner = (overrides: Partial<Membership> = {}): Membership => ({
    id: `m${++n}`,
    userId: `u${n}`,
    scopeType: 'account',
    scopeId: 'org',
    role: 'owner',
    status: 'accepted',
    createdAt: past,
    expiresAt: null,
    invitedByUserId: null,
    ...overrides,
  });

  it('is an accepted owner with no other accepted, unexpired owner', () => {
    const target = owner();
    expect(isLastOwner(target, [target], now)).toBe(true);
    expect(isLastOwner(target, [target, owner()], now)).toBe(false);
    expect(isLastOwner(target, [target, owner({ status: 'pending' })], now)).toBe(true);
    expect(isLastOwner(target, [target, owner({ expiresAt: past })], now)).toBe(true);
    expect(isLastOwner(target, [target, owner({ role: 'admin' })], now)).toBe(true);
  });

  it('never applies to a pending, expired or non-owner membership', () => {
    for (const target of [
      owner({ status: 'pending' }),
      owner({ expiresAt: past }),
      owner({ role: 'admin' }),
    ]) {
      expect(isLastOwner(target, [target], now)).toBe(false);
    }
  });
});
