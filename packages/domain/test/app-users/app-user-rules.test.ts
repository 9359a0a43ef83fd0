import {
  type AppUser,
  type AppUserLink,
  afterResend,
  appUserAccessClaims,
  appUserCanSignIn,
  handOverTemporaryPassword,
  LINK_TRANSITIONS,
  type LinkEvent,
  type LinkState,
  linkRedeemable,
  linkState,
  newAppUser,
  nextLinkState,
  organizationClaim,
  patchGivesAccess,
  type SignInConfig,
  setAppUserPassword,
  signInUrl,
  temporaryPasswordEligibility,
} from '../../src';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const HOUR = 3600;

const aUser = (overrides: Partial<AppUser> = {}): AppUser => ({
  ...newAppUser({ id: 'u1', workspaceId: 'w1', email: 'ann@example.test', now: T0, roles: ['user'] }),
  ...overrides,
});
const aLink = (overrides: Partial<AppUserLink> = {}): AppUserLink => ({
  id: 'l1',
  workspaceId: 'w1',
  userId: 'u1',
  kind: 'one_time',
  tokenHash: 'h',
  appId: null,
  createdAt: T0,
  expiresAt: at(24 * HOUR),
  usedAt: null,
  cancelledAt: null,
  ...overrides,
});
const platformOn = { mode: 'platform', platform: { status: 'active' }, host: {} } as unknown as SignInConfig;
const platformOff = { mode: 'none', platform: { status: 'disabled' }, host: {} } as unknown as SignInConfig;

describe('invite-link states', () => {
  // Written out from the spec's App user table, apart from the machine's own table.
  const expected: [LinkState, LinkEvent, LinkState | 410][] = [
    ['usable', 'redeemed', 'used'],
    ['usable', 'newer_link_issued', 'cancelled'],
    ['usable', 'invite_link_deleted', 'cancelled'],
    ['usable', 'temporary_password_set', 'cancelled'],
    ['usable', 'password_set_otherwise', 'cancelled'],
    ['usable', 'time_passes', 'expired'],
  ];
  const finals: LinkState[] = ['used', 'cancelled', 'expired'];
  const events: LinkEvent[] = expected.map(([, e]) => e);

  it.each(expected)('%s + %s → %s', (from, event, to) => {
    expect(nextLinkState(from, event)).toBe(to);
  });

  it.each(finals.flatMap((from) => events.map((event) => [from, event] as const)))(
    '%s is final: %s is 410',
    (from, event) => {
      expect(() => nextLinkState(from, event)).toThrow(expect.objectContaining({ code: 'link_unusable' }));
    },
  );

  it('the table has exactly the expected rows', () => {
    expect(LINK_TRANSITIONS.map((t) => [t.from, t.event, t.to])).toEqual(expected);
  });

  it.each([
    ['unused, before expiry', aLink(), at(10), 'usable'],
    ['one second before expiry', aLink(), at(24 * HOUR - 1), 'usable'],
    ['at expiry', aLink(), at(24 * HOUR), 'expired'],
    ['used', aLink({ usedAt: at(5) }), at(10), 'used'],
    ['cancelled', aLink({ cancelledAt: at(5) }), at(10), 'cancelled'],
    ['used wins over expired', aLink({ usedAt: at(5) }), at(48 * HOUR), 'used'],
  ] as const)('a link %s reads %s', (_what, link, now, state) => {
    expect(linkState(link, now)).toBe(state);
  });

  it.each([
    ['a usable link of a pending, enabled user', aLink(), aUser(), platformOn, true],
    ['no link', null, aUser(), platformOn, false],
    ['a deleted user', aLink(), null, platformOn, false],
    ['a disabled user', aLink(), aUser({ enabled: false }), platformOn, false],
    ['platform sign-in not active', aLink(), aUser(), platformOff, false],
    ['no sign-in configuration', aLink(), aUser(), null, false],
    ['a user who can sign in (one-time link)', aLink(), aUser({ passwordHash: 'x' }), platformOn, false],
    [
      'a user who can sign in (invitation link)',
      aLink({ kind: 'invitation' }),
      aUser({ passwordHash: 'x' }),
      platformOn,
      false,
    ],
    ['a user with SSO', aLink(), aUser({ ssoConnectionIds: ['c'] }), platformOn, false],
    [
      'a reset link of a user who can sign in',
      aLink({ kind: 'reset' }),
      aUser({ passwordHash: 'x' }),
      platformOn,
      true,
    ],
    ['an expired link', aLink({ expiresAt: at(1) }), aUser(), platformOn, false],
  ] as const)('%s: redeemable %s', (_what, link, user, config, redeemable) => {
    expect(linkRedeemable(link, user, config, at(2))).toBe(redeemable);
  });
});

describe('resend limits', () => {
  const fresh = { resendWindowStartedAt: null, resendCount: 0, lastInvitationSentAt: null };
  const invitedAt = (seconds: number) => ({ ...fresh, lastInvitationSentAt: at(seconds) });

  it('the first resend may follow the invitation at once, and opens a 24-hour window', () => {
    expect(afterResend(invitedAt(0), at(1))).toEqual({
      resendWindowStartedAt: at(1),
      resendCount: 1,
      lastInvitationSentAt: at(1),
    });
  });

  it('within a minute of the last resend is 429, with the seconds left', () => {
    const resent = afterResend(invitedAt(0), at(10));
    expect(() => afterResend(resent, at(69))).toThrow(
      expect.objectContaining({ code: 'invite_resend_too_soon', retryAfterSeconds: 1 }),
    );
    expect(afterResend(resent, at(70)).resendCount).toBe(2);
  });

  it('five resends in 24 hours from the first pass; the sixth is 429 until the window ends', () => {
    let counters = afterResend(invitedAt(0), at(60));
    for (let i = 2; i <= 5; i++) counters = afterResend(counters, at(60 * i));
    expect(counters.resendCount).toBe(5);
    expect(() => afterResend(counters, at(HOUR))).toThrow(
      expect.objectContaining({ code: 'invite_resend_limit', retryAfterSeconds: 24 * HOUR + 60 - HOUR }),
    );
    // 24 hours after the first resend, a new window begins.
    expect(afterResend(counters, at(24 * HOUR + 60))).toEqual({
      resendWindowStartedAt: at(24 * HOUR + 60),
      resendCount: 1,
      lastInvitationSentAt: at(24 * HOUR + 60),
    });
  });

  it('a user never emailed may be sent an invitation at once', () => {
    expect(afterResend(fresh, T0).resendCount).toBe(1);
  });
});

describe('temporary password eligibility', () => {
  it.each([
    ['still pending', aUser(), 'eligible'],
    ['an unused temporary password', aUser({ passwordHash: 'x', passwordChangeRequired: true }), 'eligible'],
    ['a password they chose', aUser({ passwordHash: 'x' }), 'chose_password'],
    ['single sign-on', aUser({ ssoConnectionIds: ['c'] }), 'single_sign_on'],
    [
      'single sign-on and a temporary password',
      aUser({ ssoConnectionIds: ['c'], passwordChangeRequired: true }),
      'single_sign_on',
    ],
  ] as const)('%s: %s', (_what, user, eligibility) => {
    expect(temporaryPasswordEligibility(user)).toBe(eligibility);
  });
});

describe('invite_pending (spec, States and transitions: App user)', () => {
  it('ends when the user sets a password (redeem, add, a temporary password used), temporary or not', () => {
    for (const temporary of [false, true]) {
      const user = aUser();
      setAppUserPassword(user, 'hash', { temporary, now: at(1) });
      expect(user).toMatchObject({ invitePending: false, passwordChangeRequired: temporary });
    }
  });

  it('stays while a temporary password handed over by an admin is unused, though the user can sign in', () => {
    const user = aUser();
    handOverTemporaryPassword(user, 'hash', at(1));
    expect(user).toMatchObject({
      invitePending: true,
      passwordChangeRequired: true,
      temporaryPasswordSetAt: at(1),
    });
    expect(appUserCanSignIn(user)).toBe(true);
    expect(temporaryPasswordEligibility(user)).toBe('eligible');
    const added = aUser({ invitePending: false, passwordHash: 'x', passwordChangeRequired: true });
    handOverTemporaryPassword(added, 'hash', at(1));
    expect(added.invitePending).toBe(false);
  });
});

describe('PATCH user on a frozen workspace', () => {
  const enabled = aUser({ roles: ['user', 'viewer'] });
  const disabled = aUser({ enabled: false, roles: ['user'] });
  it.each([
    ['disable', enabled, { enabled: false }, false],
    ['empty roles', enabled, { roles: [] }, false],
    ['remove one role', enabled, { roles: ['viewer'] }, false],
    ['the same roles', enabled, { roles: ['viewer', 'user'] }, false],
    ['enable an enabled user', enabled, { enabled: true }, false],
    ['re-enable', disabled, { enabled: true }, true],
    ['grant a role', enabled, { roles: ['user', 'viewer', 'admin'] }, true],
    ['swap a role', enabled, { roles: ['admin'] }, true],
    ['disable and grant', enabled, { enabled: false, roles: ['admin'] }, true],
  ] as const)('%s: gives access %s', (_what, user, patch, gives) => {
    expect(patchGivesAccess(user, patch)).toBe(gives);
  });
});

describe('sign_in_url', () => {
  const base = 'http://control.test';
  const verified = {
    host: { customDomain: 'login.acme.test', customDomainStatus: 'verified' },
  } as SignInConfig;
  const pending = {
    host: { customDomain: 'login.acme.test', customDomainStatus: 'pending' },
  } as SignInConfig;
  it.each([
    ['no configuration', null, null, 'http://control.test/sign-in/w1'],
    ['an app named', null, 'a1', 'http://control.test/sign-in/w1?app_id=a1'],
    ['a pending custom host', pending, null, 'http://control.test/sign-in/w1'],
    ['a verified custom host', verified, null, 'https://login.acme.test/'],
    ['a verified custom host and an app', verified, 'a1', 'https://login.acme.test/?app_id=a1'],
  ] as const)('%s', (_what, config, appId, url) => {
    expect(signInUrl(base, 'w1', config, appId)).toBe(url);
  });
});

describe('app-user token claims', () => {
  const tenants = [
    { id: 't1', name: 'Acme', alias: 'acme', enabled: true },
    { id: 't2', name: 'Beta', alias: null, enabled: true },
    { id: 't3', name: 'Gone', alias: 'gone', enabled: false },
  ];
  it('carries the spec claims: roles, tenant and user ids, permissions, azp', () => {
    const claims = appUserAccessClaims({
      user: aUser({ roles: ['user', 'editor'], emailVerified: true }),
      sessionId: 's1',
      clientId: 'shell',
      permissions: ['vault:read'],
      tenants: null,
    });
    expect(claims).toEqual({
      typ: 'access',
      sid: 's1',
      azp: 'shell',
      realm_access: { roles: ['user', 'editor'] },
      external_tenant_id: 'w1',
      external_user_id: 'u1',
      permissions: ['vault:read'],
      email: 'ann@example.test',
      email_verified: true,
    });
  });

  it('adds organization, keyed by alias or id, only enabled tenants, when multi-tenant is on', () => {
    expect(organizationClaim(tenants)).toEqual({
      acme: { id: 't1', name: 'Acme' },
      t2: { id: 't2', name: 'Beta' },
    });
    const claims = appUserAccessClaims({
      user: aUser(),
      sessionId: 's',
      clientId: 'a1',
      permissions: [],
      tenants: [],
    });
    expect(claims.organization).toEqual({});
  });
});
