import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createMasterKeyRing, loadMasterKeyRing, masterKeyId, NodeCryptoKeyManagement } from '../src';

const run = promisify(execFile);
const source = join(__dirname, '../src/master-key/load-master-key-ring.ts');

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return null;
}

describe('loadMasterKeyRing', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gf-crypto-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('without KMS_MASTER_KEY generates DATA_DIR/master.key (0600, directory created) and reuses it', async () => {
    const nested = join(dataDir, 'not', 'yet');
    const first = loadMasterKeyRing({ dataDir: nested });
    const file = join(nested, 'master.key');
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').equals(first.current.key)).toBe(true);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);

    const again = loadMasterKeyRing({ dataDir: nested });
    expect(again.current.id).toBe(first.current.id);
  });

  it('two processes starting at once on an empty DATA_DIR agree on one key', async () => {
    const script = `process.stdout.write(require(${JSON.stringify(source)}).loadMasterKeyRing({ dataDir: process.argv[1] }).current.id)`;
    const ids = await Promise.all(
      Array.from({ length: 4 }, () =>
        run(process.execPath, ['-r', 'esbuild-register', '-e', script, dataDir]).then((r) => r.stdout),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBe(loadMasterKeyRing({ dataDir }).current.id);
    expect((await readdir(dataDir)).sort()).toEqual(['master.key']);
  });

  it('uses KMS_MASTER_KEY when set and writes no file', async () => {
    const key = randomBytes(32);
    const ring = loadMasterKeyRing({ masterKey: key.toString('base64'), dataDir });
    expect(ring.current).toEqual({ id: masterKeyId(key), key });
    await expect(stat(join(dataDir, 'master.key'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('names the key by a digest of it, never by the key itself', () => {
    const key = randomBytes(32);
    expect(masterKeyId(key)).toMatch(/^mk-[0-9a-f]{16}$/);
    expect(masterKeyId(key)).toBe(masterKeyId(Buffer.from(key)));
    expect(masterKeyId(randomBytes(32))).not.toBe(masterKeyId(key));
    expect(masterKeyId(key)).not.toContain(key.toString('hex').slice(0, 16));
  });

  it.each([
    ['too short', randomBytes(16).toString('base64')],
    ['too long', randomBytes(48).toString('base64')],
    ['not base64', `${randomBytes(32).toString('base64').slice(0, 40)}!!!=`],
    ['hex instead of base64', randomBytes(32).toString('hex')],
  ])('refuses a KMS_MASTER_KEY that is %s with one line naming the variable', async (_case, masterKey) => {
    const error = catchError(() => loadMasterKeyRing({ masterKey, dataDir }));
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('KMS_MASTER_KEY');
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).not.toContain(masterKey);
  });

  it('accepts previous keys for opening while the current key seals', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const ring = loadMasterKeyRing({
      masterKey: newKey.toString('base64'),
      previousKeys: [oldKey.toString('base64url')],
      dataDir,
    });
    expect(ring.current.id).toBe(masterKeyId(newKey));
    expect([...ring.all.keys()].sort()).toEqual([masterKeyId(newKey), masterKeyId(oldKey)].sort());
    expect(() =>
      loadMasterKeyRing({ masterKey: newKey.toString('base64'), previousKeys: ['x'], dataDir }),
    ).toThrow('KMS_PREVIOUS_MASTER_KEYS entry #1');
  });

  it('keeps opening values sealed under the generated file after KMS_MASTER_KEY is set', async () => {
    const generated = loadMasterKeyRing({ dataDir });
    const sealed = await new NodeCryptoKeyManagement(generated).seal(Buffer.from('kept'));
    const configured = loadMasterKeyRing({ masterKey: randomBytes(32).toString('base64'), dataDir });
    expect(configured.current.id).not.toBe(generated.current.id);
    const opened = await new NodeCryptoKeyManagement(configured).open(sealed);
    expect(Buffer.from(opened).toString()).toBe('kept');
  });

  it('refuses a corrupt master.key naming the file', async () => {
    await writeFile(join(dataDir, 'master.key'), 'not a key\n');
    expect(() => loadMasterKeyRing({ dataDir })).toThrow(join(dataDir, 'master.key'));
  });
});

describe('createMasterKeyRing', () => {
  it('refuses keys that are not 32 bytes', () => {
    expect(() => createMasterKeyRing(randomBytes(31))).toThrow('32 bytes');
  });
});
