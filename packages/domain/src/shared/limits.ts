/** Limits named by the spec and the supplement. DTOs and the domain both read these. */
export const Limits = {
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 200,
  membersListed: 200,
  accessTokenSeconds: 15 * 60,
  refreshTokenSeconds: 30 * 24 * 3600,
  passwordLinkSeconds: 72 * 3600,
  signInFailures: { limit: 10, windowSeconds: 10 * 60 },
  mailWaitMs: 5000,
  /** Support tickets (spec: Limits). */
  ticketSubjectMax: 200,
  ticketBodyMax: 20_000,
  ticketContext: { error_code: 100, error_text: 500, page_path: 500, workspace_id: 36, resource_id: 256 },
  ticketList: { limitDefault: 25, limitMax: 100, offsetMax: 100_000 },
  ticketsPerPerson: { limit: 5, windowSeconds: 3600 },
  ticketRepliesPerPerson: { limit: 60, windowSeconds: 3600 },
  ticketsPerOrganization: { limit: 20, windowSeconds: 24 * 3600 },
  ticketWritesPerAddress: { limit: 30, windowSeconds: 60 },
  unresolvedTicketsPerOrganization: 25,
  secretKeyMax: 256,
  secretValueMax: 10_000,
  secretDescriptionMax: 255,
  m2mTokenSeconds: 3600,
  m2mTokenExchange: { limit: 20, windowSeconds: 60 },
  auditListDefault: 50,
  auditListMax: 200,
  /**
   * Ceilings on what a workspace holds, so every list of them stays bounded
   * (docs/security.md, Ceilings). A create past one is 409 `limit_reached`.
   */
  flagsPerWorkspace: 5_000,
  /** UTF-8 bytes of a flag value's JSON text: keeps `/flags/runtime`, which every app polls, bounded. */
  flagValueMaxBytes: 8_192,
  /** Per set: the workspace-wide set, or one environment's. Platform-managed keys are not counted. */
  secretsPerSet: 1_000,
  environmentsPerWorkspace: 100,
  m2mClientsPerWorkspace: 100,
  collectionsPerWorkspace: 1_000,
  /** Active workloads: archived ones cannot be deleted, so they do not count. */
  workloadsPerWorkspace: 1_000,
  /**
   * Failed team sign-ins from one client address (an IPv6 /64) in 10 minutes.
   * Successful sign-ins never count, so a whole office behind one NAT keeps
   * signing in; one address cannot make more than this many password checks.
   */
  signInFailuresPerAddress: { limit: 50, windowSeconds: 10 * 60 },
  /** Apps, releases, custom domains, workloads, data collections (spec: Limits; supplement §9, §12, §17). */
  appSlug: { min: 1, max: 63 },
  appsListed: 200,
  appGitRepoUrlMax: 2048,
  appPromotePairsMax: 200,
  domainMax: 253,
  releaseUploadBytesMax: 33_554_432,
  releaseLabelMax: 120,
  zipExtracted: { bytesMax: 256 * 1024 * 1024, entriesMax: 2000 },
  workloadTokenSeconds: 3600,
  collectionName: { min: 1, max: 63 },
  /** How long an upload URL takes content (supplement §9, `expires_at`). */
  releaseUploadUrlSeconds: 3600,
  /** Releases one list shows, newest first. */
  releasesListed: 200,
  /** Workspace sign-in configuration (issue 11): app roles, mail, custom host, branding, SSO. */
  appRoleNameMax: 64,
  appRoleDescriptionMax: 255,
  /** Custom app roles one workspace may hold (built-ins not counted). */
  appRolesPerWorkspace: 100,
  /** Spec, Limits: an unverified custom sign-in domain claim is cleared after 14 days. */
  signInHostClaimSeconds: 14 * 24 * 3600,
  /** Spec, Limits: mail test "a few per minute per user". */
  mailTestsPerUser: { limit: 5, windowSeconds: 60 },
  /** Public sign-in helpers (by-host, branding, theme.css, assets) per client address. */
  publicSignInHelpersPerAddress: { limit: 60, windowSeconds: 60 },
  /** Bytes of one branding image once decoded. */
  brandingAssetBytesMax: 512 * 1024,
  brandingDisplayNameMax: 120,
  mailDisplayNameMax: 120,
  mailEmailMax: 254,
  mailUsernameMax: 255,
  mailPasswordMax: 1024,
  ssoConnectionsPerWorkspace: 50,
  ssoNameMax: 120,
  ssoUrlMax: 2048,
  ssoClientIdMax: 512,
  ssoClientSecretMax: 4096,
  ssoCertificateMax: 16_384,
  ssoScopesMax: 20,
  /** App users, invite links, tenants and app-user tokens (issue 11; spec: Limits; supplement §15). */
  appUserList: { firstMax: 1_000_000, limitDefault: 100, limitMax: 200 },
  appUserNameMax: 100,
  /** Spec: the emailed invitation (and reset) link is valid 72 hours. */
  invitationLinkSeconds: 72 * 3600,
  /** Spec: a one-time invite link is valid 24 hours; 10 per user per hour. */
  inviteLinkSeconds: 24 * 3600,
  inviteLinksPerUser: { limit: 10, windowSeconds: 3600 },
  /** Spec: no resend within 1 minute of the last invitation email; at most 5 in 24 hours from the first resend. */
  inviteResendGapSeconds: 60,
  inviteResends: { limit: 5, windowSeconds: 24 * 3600 },
  /** Spec: 5 failed redeems of one link in 10 minutes, then 429. */
  redeemFailuresPerLink: { limit: 5, windowSeconds: 10 * 60 },
  /** Spec: the public invite routes, 10 requests a minute per client address (both routes together). */
  publicInviteRoutesPerAddress: { limit: 10, windowSeconds: 60 },
  /** Supplement §3: app end users get 5-minute access tokens and 30-day refresh tokens. */
  appUserAccessTokenSeconds: 300,
  appUserRefreshTokenSeconds: 30 * 24 * 3600,
  tenantsPerWorkspace: 1_000,
  tenantAliasMax: 63,
  tenantDomainsMax: 50,
  tenantMembersListed: 200,
  /** Code-execution proxy (supplement §13): the JWT sent upstream lives at most 5 minutes. */
  coderunnerTokenSeconds: 300,
  /** A code upload (a ZIP) is held in memory while it is forwarded: the release upload's 32 MiB. */
  codeUploadBytesMax: 33_554_432,
  /** A definition's or an upload's `description`. */
  coderunnerDescriptionMax: 1000,
  /** Model gateway usage (spec: Limits). */
  usageSinceSeconds: { min: 60, max: 2_592_000, default: 86_400 },
  usageLimit: { min: 1, max: 1000, default: 100 },
} as const;
