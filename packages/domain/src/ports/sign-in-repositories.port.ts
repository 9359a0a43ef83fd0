import type { AppRole } from '../app-role/app-role';
import type { AppUser } from '../app-user/app-user';
import type { AppUserLink, AppUserLinkKind } from '../app-user/app-user-link';
import type { AppUserRefreshToken, AppUserSession } from '../app-user/app-user-session';
import type { BrandingAssetKind, SignInAsset } from '../sign-in/sign-in-asset';
import type { SignInConfig } from '../sign-in/sign-in-config';
import type { SsoConnection } from '../sso/sso-connection';
import type { Tenant, TenantMember } from '../tenant/tenant';

/*
 * Repositories of workspace sign-in (app end users). As everywhere, `save`
 * inserts or updates the whole record and `…ForUpdate` takes a row lock held
 * until the transaction ends. Every lookup is scoped by workspace: an id of
 * another workspace finds nothing.
 */

export interface SignInConfigRepository {
  /** Null when the workspace never configured sign-in (it reads as the default). */
  find(workspaceId: string): Promise<SignInConfig | null>;
  findForUpdate(workspaceId: string): Promise<SignInConfig | null>;
  /**
   * Inserts or updates. A custom domain another workspace already claims
   * (pending or verified, compared lowercase) is `duplicate`, also when two
   * saves race.
   */
  save(config: SignInConfig): Promise<void>;
  /** The configuration whose custom domain is `host` and verified; null otherwise. */
  findByVerifiedHost(host: string): Promise<SignInConfig | null>;
  /** The configuration claiming `host` as its custom domain, pending or verified (compared lowercase); null otherwise. */
  findByClaimedHost(host: string): Promise<SignInConfig | null>;
  /**
   * A batch of configurations holding a sealed custom mail password, by
   * workspace id, after `afterWorkspaceId` (master-key rotation).
   */
  listWithMailPassword(afterWorkspaceId: string | null, limit: number): Promise<SignInConfig[]>;
  delete(workspaceId: string): Promise<void>;
}

export interface SignInAssetRepository {
  find(workspaceId: string, kind: BrandingAssetKind): Promise<SignInAsset | null>;
  /** Inserts or replaces the workspace's image of that kind. */
  save(asset: SignInAsset): Promise<void>;
  delete(workspaceId: string, kind: BrandingAssetKind): Promise<void>;
  deleteAll(workspaceId: string): Promise<void>;
}

export interface AppUserListQuery {
  readonly workspaceId: string;
  /** Offset: how many users to skip (spec: `first`). */
  readonly first: number;
  readonly limit: number;
}

export interface AppUserRepository {
  /** Inserts or updates. An email the workspace already has is `duplicate`, also when two inserts race. */
  save(user: AppUser): Promise<void>;
  findById(workspaceId: string, id: string): Promise<AppUser | null>;
  findByIdForUpdate(workspaceId: string, id: string): Promise<AppUser | null>;
  /** `email` is already normalised. */
  findByEmail(workspaceId: string, email: string): Promise<AppUser | null>;
  findByEmailForUpdate(workspaceId: string, email: string): Promise<AppUser | null>;
  /** The users with these ids in the workspace, in no particular order; unknown ids are left out. */
  findByIds(workspaceId: string, ids: readonly string[]): Promise<AppUser[]>;
  /** Oldest first (ties by id), skipping `first`, at most `limit`. */
  list(query: AppUserListQuery): Promise<AppUser[]>;
  countByWorkspace(workspaceId: string): Promise<number>;
  /** Deletes the user with their links, sessions and tenant memberships. True when a user was removed. */
  delete(workspaceId: string, id: string): Promise<boolean>;
  /** Deletes every user of the workspace, with their links, sessions and tenant memberships. */
  deleteAll(workspaceId: string): Promise<number>;
}

export interface AppUserLinkRepository {
  /** Inserts or updates; a token hash is unique (`duplicate`). */
  save(link: AppUserLink): Promise<void>;
  findByTokenHash(tokenHash: string): Promise<AppUserLink | null>;
  findByTokenHashForUpdate(tokenHash: string): Promise<AppUserLink | null>;
  /** The user's unused, uncancelled, unexpired links of these kinds, newest first. */
  listUsable(
    workspaceId: string,
    userId: string,
    kinds: readonly AppUserLinkKind[],
    now: Date,
  ): Promise<AppUserLink[]>;
  /**
   * For each of these users of the workspace, the latest expiry among their
   * usable (unused, uncancelled, unexpired) links of these kinds; users with
   * none are left out. One query for a whole page of users.
   */
  usableUntil(
    workspaceId: string,
    userIds: readonly string[],
    kinds: readonly AppUserLinkKind[],
    now: Date,
  ): Promise<Map<string, Date>>;
  /** Cancels the user's unused, uncancelled links of these kinds; how many. */
  cancelActive(
    workspaceId: string,
    userId: string,
    kinds: readonly AppUserLinkKind[],
    at: Date,
  ): Promise<number>;
}

export interface AppRoleRepository {
  /** Inserts or updates by (workspace, name). */
  save(role: AppRole): Promise<void>;
  find(workspaceId: string, name: string): Promise<AppRole | null>;
  findForUpdate(workspaceId: string, name: string): Promise<AppRole | null>;
  /** By name (code-unit order). */
  list(workspaceId: string): Promise<AppRole[]>;
  deleteAll(workspaceId: string): Promise<number>;
}

export interface TenantRepository {
  /** Inserts or updates. An alias the workspace already has is `duplicate`. */
  save(tenant: Tenant): Promise<void>;
  findById(workspaceId: string, id: string): Promise<Tenant | null>;
  findByIdForUpdate(workspaceId: string, id: string): Promise<Tenant | null>;
  /** Oldest first (ties by id). */
  list(workspaceId: string): Promise<Tenant[]>;
  /** Deletes the tenant and its memberships (never the users). True when one was removed. */
  delete(workspaceId: string, id: string): Promise<boolean>;
  /** Adds the membership; adding it again changes nothing. */
  addMember(member: TenantMember): Promise<void>;
  /** True when a membership was removed. */
  removeMember(workspaceId: string, tenantId: string, userId: string): Promise<boolean>;
  /** Oldest first (ties by user id). */
  listMembers(workspaceId: string, tenantId: string): Promise<TenantMember[]>;
  /** The tenants the user belongs to, oldest first. */
  listTenantsOfUser(workspaceId: string, userId: string): Promise<Tenant[]>;
  deleteAll(workspaceId: string): Promise<number>;
}

export interface SsoConnectionRepository {
  save(connection: SsoConnection): Promise<void>;
  findById(workspaceId: string, id: string): Promise<SsoConnection | null>;
  findByIdForUpdate(workspaceId: string, id: string): Promise<SsoConnection | null>;
  /** Oldest first (ties by id). */
  list(workspaceId: string): Promise<SsoConnection[]>;
  /** True when one was removed. */
  delete(workspaceId: string, id: string): Promise<boolean>;
  deleteAll(workspaceId: string): Promise<number>;
  /** A batch of connections holding a sealed client secret, of every workspace, by id, after `afterId` (master-key rotation). */
  listWithClientSecret(afterId: string | null, limit: number): Promise<SsoConnection[]>;
}

export interface AppUserSessionRepository {
  save(session: AppUserSession): Promise<void>;
  findById(id: string): Promise<AppUserSession | null>;
  findByIdForUpdate(id: string): Promise<AppUserSession | null>;
  /** Revokes every live session of the user; how many. */
  revokeAllForUser(workspaceId: string, userId: string, at: Date): Promise<number>;
  /** Revokes every live session of the workspace's app users (platform sign-in switched off); how many. */
  revokeAllInWorkspace(workspaceId: string, at: Date): Promise<number>;
  saveRefreshToken(token: AppUserRefreshToken): Promise<void>;
  findRefreshTokenForUpdate(id: string): Promise<AppUserRefreshToken | null>;
}
