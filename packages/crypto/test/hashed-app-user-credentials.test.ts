import { DomainError, type PasswordHasher } from '@groundfloor/domain';
import { HashedAppUserCredentials } from '../src';

const user = { workspaceId: 'w', id: 'u' };

/** A hasher whose hash takes `ms`, or fails. */
const hasher = (behaviour: { ms?: number; fail?: Error }): PasswordHasher => ({
  hash: (password) =>
    new Promise((resolve, reject) =>
      setTimeout(
        () => (behaviour.fail ? reject(behaviour.fail) : resolve(`h(${password})`)),
        behaviour.ms ?? 0,
      ),
    ),
  verify: async (hash, password) => hash === `h(${password})`,
});

describe('HashedAppUserCredentials', () => {
  it('answers the hash to keep, and checks passwords against it', async () => {
    const credentials = new HashedAppUserCredentials(hasher({}), { timeoutMs: 1000 });
    const hash = await credentials.setPassword(user, 'secret one', { temporary: false });
    expect(hash).toBe('h(secret one)');
    expect(await credentials.verifyPassword(hash, 'secret one')).toBe(true);
    expect(await credentials.verifyPassword(hash, 'secret two')).toBe(false);
    expect(await credentials.verifyPassword(null, 'secret one')).toBe(false);
  });

  it('is 504 password_save_timeout when hashing takes longer than the deadline', async () => {
    const credentials = new HashedAppUserCredentials(hasher({ ms: 300 }), { timeoutMs: 20 });
    const started = Date.now();
    await expect(credentials.setPassword(user, 'secret one', { temporary: true })).rejects.toMatchObject({
      code: 'password_save_timeout',
    });
    expect(Date.now() - started).toBeLessThan(250);
  });

  it('is 502 password_not_saved when the hasher fails; its own DomainErrors pass through', async () => {
    const failing = new HashedAppUserCredentials(hasher({ fail: new Error('out of memory') }), {
      timeoutMs: 1000,
    });
    await expect(failing.setPassword(user, 'secret one', { temporary: false })).rejects.toMatchObject({
      code: 'password_not_saved',
    });
    const busy = new DomainError('unavailable', 'password_hashing_busy', 'busy', [], 1, 503);
    const refusing = new HashedAppUserCredentials(hasher({ fail: busy }), { timeoutMs: 1000 });
    await expect(refusing.setPassword(user, 'secret one', { temporary: false })).rejects.toBe(busy);
  });
});
