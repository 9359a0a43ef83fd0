import { type FakeDeps, FakeHasher, fakeDeps } from '@groundfloor/testkit';
import { createUseCases, type DomainError, type PasswordHasher, type UseCases } from '../src';

const OWNER = 'owner@acme.test';
const PASSWORD = 'correct horse battery';

/** While held, every password check waits at a gate; counts the checks started. */
class GatedHasher implements PasswordHasher {
  started = 0;
  private gate: Promise<void> | null = null;
  private open: () => void = () => {};
  private readonly inner = new FakeHasher();
  hash(password: string) {
    return this.inner.hash(password);
  }
  async verify(hash: string, password: string) {
    this.started += 1;
    if (this.gate) await this.gate;
    return this.inner.verify(hash, password);
  }
  hold() {
    this.started = 0;
    this.gate = new Promise<void>((resolve) => {
      this.open = resolve;
    });
  }
  release() {
    this.gate = null;
    this.open();
  }
}

/** Lets every pending promise chain run as far as it can (fakes never wait on timers). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const outcome = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'ok',
    (e: DomainError) => e.code,
  );

async function setUp(hasher: PasswordHasher = new FakeHasher()) {
  const deps: FakeDeps = { ...fakeDeps(), hasher };
  const uc = createUseCases(deps);
  const created = await uc.operator.createOrganization.execute({
    name: 'Acme',
    planTier: 'free',
    ownerEmail: OWNER,
    ownerPassword: PASSWORD,
    ip: null,
  });
  return { deps, uc, userId: created.ownerMembership.userId };
}

const signIn = (uc: UseCases, password: string, ip: string | null = '192.0.2.1', email = OWNER) =>
  outcome(uc.signIn.execute({ email, password, ip }));

function count(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
  return counts;
}

describe('sign-in failure limits', () => {
  it('checks at most 10 of 100 concurrent wrong passwords for one email; the rest are 429', async () => {
    const hasher = new GatedHasher();
    const { uc } = await setUp(hasher);
    hasher.hold();
    const attempts = Array.from({ length: 100 }, (_, i) => signIn(uc, 'wrong password', `192.0.2.${i}`));
    await settle();
    // Every attempt has gone as far as it can: only the reserved ones reach the hasher.
    expect(hasher.started).toBe(10);
    hasher.release();
    expect(count(await Promise.all(attempts))).toEqual({
      invalid_credentials: 10,
      too_many_sign_in_attempts: 90,
    });
  });

  it('gives a successful attempt back: 9 failures, a success, then the 10th failure is still 401', async () => {
    const { uc } = await setUp();
    for (let i = 0; i < 9; i++) expect(await signIn(uc, 'wrong password')).toBe('invalid_credentials');
    expect(await signIn(uc, PASSWORD)).toBe('ok');
    expect(await signIn(uc, 'wrong password')).toBe('invalid_credentials');
    // Ten failures now: even the right password waits.
    const limited = await uc.signIn.execute({ email: OWNER, password: PASSWORD, ip: null }).catch((e) => e);
    expect(limited).toMatchObject({ code: 'too_many_sign_in_attempts', kind: 'rate_limited' });
    expect(limited.detail).toBe('more than 10 failed sign-ins for this email in 10 minutes');
    expect(limited.retryAfterSeconds).toBe(600);
  });

  it('gives the attempt back when the check itself fails, so errors never count as failures', async () => {
    const failing: PasswordHasher = {
      hash: (p) => new FakeHasher().hash(p),
      verify: async () => {
        throw new Error('hasher unavailable');
      },
    };
    const { deps, uc } = await setUp();
    const broken = createUseCases({ ...deps, hasher: failing });
    for (let i = 0; i < 15; i++) {
      await expect(broken.signIn.execute({ email: OWNER, password: 'x', ip: null })).rejects.toThrow(
        'hasher unavailable',
      );
    }
    for (let i = 0; i < 10; i++) expect(await signIn(uc, 'wrong password')).toBe('invalid_credentials');
    expect(await signIn(uc, PASSWORD)).toBe('too_many_sign_in_attempts');
  });

  it('limits failed sign-ins per address to 50 in 10 minutes, whatever the emails', async () => {
    const { deps, uc } = await setUp();
    const from = '198.51.100.7';
    for (let i = 0; i < 50; i++) {
      expect(await signIn(uc, 'wrong password', from, `nobody-${i}@acme.test`)).toBe('invalid_credentials');
    }
    const limited = await uc.signIn
      .execute({ email: 'someone-else@acme.test', password: 'x', ip: from })
      .catch((e) => e);
    expect(limited).toMatchObject({ code: 'too_many_sign_in_attempts', retryAfterSeconds: 600 });
    expect(limited.detail).toBe('more than 50 failed sign-ins from this address in 10 minutes');
    // The address is refused even with the right password; other addresses are not.
    expect(await signIn(uc, PASSWORD, from)).toBe('too_many_sign_in_attempts');
    expect(await signIn(uc, PASSWORD, '198.51.100.8')).toBe('ok');
    deps.clock.advance(601);
    expect(await signIn(uc, PASSWORD, from)).toBe('ok');
  });

  it('never counts successful sign-ins from an address', async () => {
    const { uc } = await setUp();
    const office = '203.0.113.10';
    for (let i = 0; i < 49; i++) await signIn(uc, 'wrong password', office, `typo-${i}@acme.test`);
    for (let i = 0; i < 120; i++) expect(await signIn(uc, PASSWORD, office)).toBe('ok');
    expect(await signIn(uc, 'wrong password', office, 'typo-49@acme.test')).toBe('invalid_credentials');
    expect(await signIn(uc, PASSWORD, office)).toBe('too_many_sign_in_attempts');
  });

  it('counts an IPv6 client by its /64', async () => {
    const { uc } = await setUp();
    for (let i = 0; i < 50; i++) {
      await signIn(uc, 'wrong password', `2001:db8:1:2::${i.toString(16)}`, `n${i}@acme.test`);
    }
    expect(await signIn(uc, PASSWORD, '2001:db8:1:2:ffff::1')).toBe('too_many_sign_in_attempts');
    expect(await signIn(uc, PASSWORD, '2001:db8:1:3::1')).toBe('ok');
  });

  it('an attempt refused by one limit holds no place in the other', async () => {
    const { uc } = await setUp();
    const from = '192.0.2.200';
    for (let i = 0; i < 10; i++) await signIn(uc, 'wrong password', from);
    // Refused by the email limit: these must not use up the address.
    for (let i = 0; i < 30; i++)
      expect(await signIn(uc, 'wrong password', from)).toBe('too_many_sign_in_attempts');
    for (let i = 0; i < 40; i++) {
      expect(await signIn(uc, 'wrong password', from, `other-${i}@acme.test`)).toBe('invalid_credentials');
    }
    expect(await signIn(uc, 'wrong password', from, 'one-more@acme.test')).toBe('too_many_sign_in_attempts');

    // Refused by the address limit: these must not use up the owner's email.
    const { uc: fresh } = await setUp();
    for (let i = 0; i < 50; i++) await signIn(fresh, 'wrong password', from, `x-${i}@acme.test`);
    for (let i = 0; i < 20; i++)
      expect(await signIn(fresh, 'wrong password', from)).toBe('too_many_sign_in_attempts');
    for (let i = 0; i < 10; i++)
      expect(await signIn(fresh, 'wrong password', '192.0.2.201')).toBe('invalid_credentials');
  });
});

describe('wrong current passwords on a password change', () => {
  const change = (uc: UseCases, userId: string, sessionId: string, currentPassword: string) =>
    outcome(
      uc.changePassword.execute({
        userId,
        sessionId,
        currentPassword,
        newPassword: 'a new long password',
        ip: null,
      }),
    );

  async function signedIn(hasher?: PasswordHasher) {
    const { uc, userId } = await setUp(hasher);
    const pair = await uc.signIn.execute({ email: OWNER, password: PASSWORD, ip: null });
    const { sessionId } = await uc.authenticateTeam.execute(pair.access_token);
    return { uc, userId, sessionId };
  }

  it('checks at most 10 of 100 concurrent wrong current passwords; the rest are 429', async () => {
    const hasher = new GatedHasher();
    const { uc, userId, sessionId } = await signedIn(hasher);
    hasher.hold();
    const attempts = Array.from({ length: 100 }, () => change(uc, userId, sessionId, 'wrong password'));
    await settle();
    expect(hasher.started).toBe(10);
    hasher.release();
    expect(count(await Promise.all(attempts))).toEqual({
      invalid_current_password: 10,
      too_many_sign_in_attempts: 90,
    });
  });

  it('gives a right current password back, and shares the count with sign-in', async () => {
    const { uc, userId, sessionId } = await signedIn();
    for (let i = 0; i < 9; i++) {
      expect(await change(uc, userId, sessionId, 'wrong password')).toBe('invalid_current_password');
    }
    expect(await change(uc, userId, sessionId, PASSWORD)).toBe('ok');
    expect(await signIn(uc, 'wrong password')).toBe('invalid_credentials');
    const limited = await uc.changePassword
      .execute({
        userId,
        sessionId,
        currentPassword: 'a new long password',
        newPassword: 'x'.repeat(12),
        ip: null,
      })
      .catch((e) => e);
    expect(limited).toMatchObject({ code: 'too_many_sign_in_attempts' });
    expect(limited.detail).toBe('more than 10 wrong passwords for this account in 10 minutes');
  });
});

describe('M2M token exchanges per address', () => {
  it('counts at most 20 of 40 concurrent wrong credentials from one address', async () => {
    const { uc } = await setUp();
    const attempts = Array.from({ length: 40 }, (_, i) =>
      outcome(
        uc.m2m.exchangeToken.execute({
          workspaceId: '00000000-0000-4000-8000-00000000aaaa',
          clientId: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
          clientSecret: 'not-a-secret',
          ip: '192.0.2.9',
        }),
      ),
    );
    expect(count(await Promise.all(attempts))).toEqual({
      invalid_client: 20,
      too_many_token_requests: 20,
    });
  });
});
