import { bearer, organizationWithOwner, uniqueEmail } from './support/api';
import { CONCURRENT_DATABASES, startTestServer, type TestServer } from './support/test-server';

// Every test signs in from its own documentation-range addresses, so the
// per-address counter of one test never reaches into another.
let nextAddress = 0;
const freshAddress = () => {
  nextAddress += 1;
  return `198.18.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`;
};
const from = (address: string) => ({ 'X-Forwarded-For': address });

const retryAfter = (res: { headers: Record<string, string> }) => Number(res.headers['retry-after']);

const tally = (statuses: number[]) => {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
};

describe.each(CONCURRENT_DATABASES)('sign-in failure limits over HTTP on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (email: string, password: string, address: string) =>
    t.http.post('/v1/auth/token').set(from(address)).send({ email, password });

  it('checks at most 10 of 100 concurrent wrong passwords for one email; the others are 429 with Retry-After', async () => {
    const { email, password } = await organizationWithOwner(t);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => signIn(email, 'not-the-password', freshAddress())),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 10, 429: 90 });
    for (const limited of answers.filter((a) => a.status === 429)) {
      expect(retryAfter(limited)).toBeGreaterThan(0);
      expect(retryAfter(limited)).toBeLessThanOrEqual(600);
      expect(limited.body).toMatchObject({
        code: 'too_many_sign_in_attempts',
        detail: 'more than 10 failed sign-ins for this email in 10 minutes',
      });
    }
    await signIn(email, password, freshAddress()).expect(429);
  });

  it('gives a successful sign-in its attempt back: 9 failures, a success, a failure, then 429', async () => {
    const { email, password } = await organizationWithOwner(t);
    const address = freshAddress();
    for (let i = 0; i < 9; i++) await signIn(email, 'not-the-password', address).expect(401);
    await signIn(email, password, address).expect(200);
    await signIn(email, 'not-the-password', address).expect(401);
    await signIn(email, password, address).expect(429);
  });

  it('checks at most 10 of 30 concurrent wrong current passwords on POST /v1/me/password', async () => {
    const { token, password } = await organizationWithOwner(t);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.http
          .post('/v1/me/password')
          .set(bearer(token))
          .send({ current_password: 'not-the-password', new_password: 'a-new-password-1' }),
      ),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 422: 10, 429: 20 });
    const limited = answers.find((a) => a.status === 429);
    expect(limited?.body.detail).toBe('more than 10 wrong passwords for this account in 10 minutes');
    expect(retryAfter(limited as { headers: Record<string, string> })).toBeGreaterThan(0);
    await t.http
      .post('/v1/me/password')
      .set(bearer(token))
      .send({ current_password: password, new_password: 'a-new-password-1' })
      .expect(429);
  });

  it('refuses an address after 50 failed sign-ins in 10 minutes, whatever the emails; other addresses go on', async () => {
    const { email, password } = await organizationWithOwner(t);
    const address = freshAddress();
    for (let i = 0; i < 50; i++) await signIn(uniqueEmail('nobody'), 'not-the-password', address).expect(401);
    const limited = await signIn(uniqueEmail('nobody'), 'not-the-password', address).expect(429);
    expect(limited.headers['content-type']).toMatch(/application\/problem\+json/);
    // The oldest of the 50 failures leaves the window first.
    expect(retryAfter(limited)).toBeGreaterThan(0);
    expect(retryAfter(limited)).toBeLessThanOrEqual(600);
    expect(limited.body).toMatchObject({
      status: 429,
      code: 'too_many_sign_in_attempts',
      detail: 'more than 50 failed sign-ins from this address in 10 minutes',
    });
    // Refused even with the right password, from that address only.
    await signIn(email, password, address).expect(429);
    await signIn(email, password, freshAddress()).expect(200);
    await signIn(uniqueEmail('nobody'), 'not-the-password', freshAddress()).expect(401);
  });

  it('never counts successful sign-ins from an address, however many', async () => {
    const { email, password } = await organizationWithOwner(t);
    const office = freshAddress();
    for (let i = 0; i < 49; i++) await signIn(uniqueEmail('typo'), 'not-the-password', office).expect(401);
    for (let i = 0; i < 20; i++) await signIn(email, password, office).expect(200);
    await signIn(uniqueEmail('typo'), 'not-the-password', office).expect(401);
    await signIn(uniqueEmail('typo'), 'not-the-password', office).expect(429);
  });
});
