import { execFile } from 'node:child_process';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Argon2PasswordHasher, HashingThreadStopped, HashingThreads } from '../src';

// The hash sign-in verifies against when the email is unknown (sign-in.use-case.ts).
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0mEU8bJ1WCRVh1CZ9vhFvEo2Zf4Pr0Bjv0c3e6bnQvY';

const threads = new HashingThreads(2);
afterAll(() => threads.stop());

describe.each([
  ['on the libuv threadpool', new Argon2PasswordHasher()],
  ['on hashing threads of its own', new Argon2PasswordHasher(threads)],
])('Argon2PasswordHasher %s', (_where, hasher) => {
  let stored: string;
  beforeAll(async () => {
    stored = await hasher.hash('correct horse battery staple');
  });

  it('hashes with argon2id at the OWASP parameters (19 MiB, t=2, p=1), salted', async () => {
    expect(stored).toMatch(/^\$argon2id\$v=19\$/);
    const params = Object.fromEntries(
      (stored.split('$')[3] ?? '').split(',').map((pair) => pair.split('=') as [string, string]),
    );
    expect(params).toEqual({ m: '19456', t: '2', p: '1' });
    expect(stored).not.toContain('correct horse');
    expect(await hasher.hash('correct horse battery staple')).not.toBe(stored);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    expect(await hasher.verify(stored, 'correct horse battery staple')).toBe(true);
    expect(await hasher.verify(stored, 'correct horse battery stapl')).toBe(false);
  });

  it('verifies hashes written by the argon2 package before (parameters in m, p, t order)', async () => {
    // Written by `argon2` 0.45 at the same parameters: stored passwords keep working.
    const written =
      '$argon2id$v=19$m=19456,p=1,t=2$Ss+wg6etok+9RhjvNutLOw$NOte6/K+tYsHm7Zaej9nUxZxDVC4eXulJ7Hsk3bqP+I';
    expect(await hasher.verify(written, 'pw-123456789')).toBe(true);
    expect(await hasher.verify(written, 'pw-12345678')).toBe(false);
  });

  it("answers false without throwing for sign-in's dummy hash", async () => {
    await expect(hasher.verify(DUMMY_HASH, 'anything')).resolves.toBe(false);
  });

  it.each(['', 'garbage', '$argon2id$v=19$m=19456,t=2,p=1$c29tZQ$', '$2b$10$abcdefghijklmnopqrstuv'])(
    'answers false without throwing for the unparseable hash %p',
    async (garbage) => {
      await expect(hasher.verify(garbage, 'anything')).resolves.toBe(false);
    },
  );

  it('hashes off the event loop', async () => {
    // A hash computed on the main thread would settle before this callback runs.
    let loopRan = false;
    setImmediate(() => {
      loopRan = true;
    });
    await hasher.hash('another password');
    expect(loopRan).toBe(true);
  });
});

describe('HashingThreads', () => {
  const linux = process.platform === 'linux' ? it : it.skip;

  linux('run at the lowest scheduling priority, and leave the event loop at its own', async () => {
    const before = getPriority();
    expect(await threads.priority()).toBe(19);
    expect(getPriority()).toBe(before);
  });

  linux('run at the niceness they are given, 0 being the process’s own', async () => {
    const ten = new HashingThreads(1, { nice: 10 });
    const normal = new HashingThreads(1, { nice: 0 });
    try {
      expect(await ten.priority()).toBe(10);
      expect(await normal.priority()).toBe(getPriority());
    } finally {
      await Promise.all([ten.stop(), normal.stop()]);
    }
    expect(() => new HashingThreads(1, { nice: 20 })).toThrow(/nice/);
  });

  it('answer calls beyond their number in turn, each with its own result', async () => {
    const one = new HashingThreads(1);
    try {
      const [a, b] = await Promise.all([one.hash('first password'), one.hash('second password')]);
      expect(await one.verify(a, 'first password')).toBe(true);
      expect(await one.verify(b, 'second password')).toBe(true);
      expect(await one.verify(b, 'first password')).toBe(false);
    } finally {
      await one.stop();
    }
  });

  it('fail a call whose thread stopped, which is not a wrong password, and start anew after', async () => {
    const one = new HashingThreads(1);
    const hasher = new Argon2PasswordHasher(one);
    try {
      const stored = await hasher.hash('a password');
      const checking = hasher.verify(stored, 'a password');
      await one.stop();
      await expect(checking).rejects.toBeInstanceOf(HashingThreadStopped);
      expect(await hasher.verify(stored, 'a password')).toBe(true);
    } finally {
      await one.stop();
    }
  });

  it('stop once idle, holding no memory, and start again for the next call', async () => {
    const quick = new HashingThreads(1, { idleMs: 20 });
    try {
      const stored = await quick.hash('a password');
      expect(quick.running).toBe(1);
      while (quick.running > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await quick.verify(stored, 'a password')).toBe(true);
      expect(quick.running).toBe(1);
    } finally {
      await quick.stop();
    }
  });

  it('keep a process that waits on nothing else alive until a call on an idle thread is answered', async () => {
    // A command-line run: a hash, then, with the thread idle (and not holding
    // the process open), a check that is all the process still waits for.
    const source = join(__dirname, '../src/password/hashing-threads.ts');
    const script = `
      const { HashingThreads } = require(${JSON.stringify(source)});
      const threads = new HashingThreads(1, { idleMs: 60000 });
      threads.hash('a password').then((stored) => setTimeout(() =>
        threads.verify(stored, 'a password').then((ok) => process.stdout.write('answered ' + ok)), 20));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['-r', 'esbuild-register', '-e', script]);
    expect(stdout).toBe('answered true');
  });
});
