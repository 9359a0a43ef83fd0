import { randomUUID } from 'node:crypto';
import type {
  App,
  AuditEvent,
  Environment,
  Membership,
  Organization,
  PasswordLink,
  Session,
  User,
  Workload,
  Workspace,
} from '@groundfloor/domain';

/*
 * Object mothers for the contract suites. Every record gets fresh random ids
 * and emails, so tests can share one database without seeing each other.
 */

const BASE = Date.parse('2026-01-01T00:00:00.000Z');

/** A fixed instant `seconds` after the suites' base time. */
export const at = (seconds: number): Date => new Date(BASE + seconds * 1000);

export const newId = (): string => randomUUID();

export function aUser(overrides: Partial<User> = {}): User {
  const id = newId();
  return {
    id,
    email: `user-${id}@example.test`,
    displayName: null,
    passwordHash: null,
    passwordChangeRequired: false,
    emailVerified: false,
    passwordSetByOrganizationId: null,
    createdAt: at(0),
    lastLoginAt: null,
    welcomeEmailSentAt: null,
    idpRealm: null,
    ...overrides,
  };
}

export function anOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: newId(),
    name: 'Acme',
    planTier: 'free',
    status: 'active',
    limitOverrides: {},
    createdAt: at(0),
    ...overrides,
  };
}

export function aWorkspace(organizationId: string, overrides: Partial<Workspace> = {}): Workspace {
  return { id: newId(), organizationId, name: 'Main', status: 'active', createdAt: at(0), ...overrides };
}

export function anEnvironment(workspaceId: string, overrides: Partial<Environment> = {}): Environment {
  return { id: newId(), workspaceId, name: 'dev', status: 'active', createdAt: at(0), ...overrides };
}

export function aMembership(
  userId: string,
  scope: Pick<Membership, 'scopeType' | 'scopeId'>,
  overrides: Partial<Membership> = {},
): Membership {
  return {
    id: newId(),
    userId,
    ...scope,
    role: 'member',
    status: 'accepted',
    createdAt: at(0),
    expiresAt: null,
    invitedByUserId: null,
    ...overrides,
  };
}

export function aSession(userId: string, overrides: Partial<Session> = {}): Session {
  return {
    id: newId(),
    userId,
    createdAt: at(0),
    revokedAt: null,
    passwordChangeRequired: false,
    ...overrides,
  };
}

export function aPasswordLink(userId: string, overrides: Partial<PasswordLink> = {}): PasswordLink {
  return {
    id: newId(),
    userId,
    tokenHash: `hash-${newId()}`,
    createdAt: at(0),
    expiresAt: at(72 * 3600),
    usedAt: null,
    cancelledAt: null,
    ...overrides,
  };
}

export function anAuditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: newId(),
    action: 'test.happened',
    actor: { kind: 'user', id: newId() },
    organizationId: null,
    workspaceId: null,
    target: { type: 'thing', id: 'thing-1' },
    details: {},
    ip: null,
    createdAt: at(0),
    ...overrides,
  };
}

export function aWorkload(workspaceId: string, overrides: Partial<Workload> = {}): Workload {
  return {
    id: newId(),
    workspaceId,
    name: 'api',
    kind: 'service',
    status: 'active',
    manifest: {},
    createdAt: at(0),
    archivedAt: null,
    ...overrides,
  };
}

export function anApp(workspaceId: string, environmentId: string, overrides: Partial<App> = {}): App {
  const id = newId();
  return {
    id,
    workspaceId,
    name: 'Portal',
    slug: `app-${id.slice(0, 8)}`,
    kind: 'shell_federated',
    environmentId,
    primaryCoderunnerId: null,
    manifest: {},
    gitRepoUrl: null,
    visibility: 'workspace',
    status: 'active',
    promotedFromAppId: null,
    createdAt: at(0),
    updatedAt: at(0),
    archivedAt: null,
    ...overrides,
  };
}
