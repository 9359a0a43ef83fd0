import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * The operator command line, run as a process the way an operator runs it:
 * exit codes, plain and JSON output, and every command on an embedded
 * database of its own.
 */
const root = path.resolve(__dirname, '../../..');
const cli = path.join(root, 'apps/server/dist/cli.js');

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function groundfloor(args: string[], env: Record<string, string>, stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: root,
      // Only what the test gives: no .env, no variables of the machine running the suite.
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('groundfloor (the operator CLI)', () => {
  let dataDir: string;
  let env: Record<string, string>;
  const run = (args: string[], stdin?: string) => groundfloor(args, env, stdin);
  const json = async (args: string[], stdin?: string) => {
    const result = await run(['--json', ...args], stdin);
    expect({ args, code: result.code, stderr: result.stderr }).toEqual({ args, code: 0, stderr: '' });
    return JSON.parse(result.stdout);
  };

  beforeAll(() => {
    // The CLI is the built program; tsc -b does nothing when it is up to date.
    execFileSync(
      process.execPath,
      [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    dataDir = mkdtempSync(path.join(tmpdir(), 'gf-cli-'));
    env = {
      DATA_DIR: dataDir,
      KMS_MASTER_KEY: randomBytes(32).toString('base64'),
      OPERATOR_TOKEN: 'cli-test-operator-token-0123',
      LOG_LEVEL: 'silent',
    };
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists its commands with --help and exits 0', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    for (const command of ['migrate', 'keys:rotate', 'kms:rotate', 'org', 'workspace']) {
      expect(help.stdout).toContain(command);
    }
  });

  it('exits 2 on a command line it cannot read, and says why', async () => {
    const unknown = await run(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command 'frobnicate'/);
    const missing = await run(['org', 'create', '--name', 'Acme']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--owner-email/);
    const badLimit = await run(['org', 'limits', randomUUID(), 'workspaces=lots']);
    expect(badLimit.code).toBe(2);
    expect(badLimit.stderr).toMatch(/workspaces=lots/);
  });

  it('exits 3 on invalid configuration, one line per problem, having done nothing', async () => {
    const result = await groundfloor(['org', 'list'], { ...env, PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(result.code).toBe(3);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^configuration error: PORT/),
      expect.stringMatching(/^configuration error: LOG_LEVEL/),
    ]);
  });

  it('migrates, then finds nothing pending', async () => {
    const first = await run(['migrate']);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^migrations applied: /);
    expect(await json(['migrate'])).toEqual({ applied: [] });
  });

  it('creates an organization with the owner password from stdin, lists, shows, suspends, changes plan and limits', async () => {
    const created = await json(
      [
        'org',
        'create',
        '--name',
        'Acme',
        '--owner-email',
        'owner@acme.test',
        '--owner-password-stdin',
        '--plan',
        'pro',
      ],
      'a-long-owner-password\n',
    );
    expect(created.organization).toMatchObject({ name: 'Acme', plan_tier: 'pro', status: 'active' });
    expect(created.owner_membership.status).toBe('accepted');
    const id = created.organization.id as string;

    const plain = await run(['org', 'list']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(new RegExp(`^${id}\\s+active\\s+pro\\s+Acme$`, 'm'));

    expect((await json(['org', 'suspend', id])).status).toBe('suspended');
    expect((await json(['org', 'unsuspend', id])).status).toBe('active');
    expect((await json(['org', 'plan', id, 'enterprise'])).plan_tier).toBe('enterprise');
    expect((await json(['org', 'limits', id, 'workspaces=10', 'audit.events=null'])).limits).toEqual({
      workspaces: 10,
      'audit.events': null,
    });
    expect((await json(['org', 'show', id])).limits).toEqual({ workspaces: 10, 'audit.events': null });
    expect((await json(['org', 'limits', id])).limits).toEqual({});
  });

  it('an owner without a password is pending: the set-password email is the way in', async () => {
    const created = await json(['org', 'create', '--name', 'Beta', '--owner-email', 'owner@beta.test']);
    expect(created.owner_membership.status).toBe('pending');
    // No SMTP_URL here: the outcome says so.
    // The email outcome sits inside owner_membership, as in the operator API's answer.
    expect(created.owner_membership).toMatchObject({
      status: 'pending',
      email_sent: false,
      email_skipped_reason: 'smtp_not_configured',
    });
    const plain = await run(['org', 'create', '--name', 'Gamma', '--owner-email', 'owner@gamma.test']);
    expect(plain.stdout).toContain(
      'owner owner@gamma.test: pending (no set-password email was sent: smtp_not_configured)',
    );
  });

  it('exits 1 with the error code when the action is refused', async () => {
    const missing = await run(['org', 'show', randomUUID()]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: organization_not_found: /);
    const frozen = await run(['workspace', 'freeze', randomUUID()]);
    expect(frozen.code).toBe(1);
    expect(frozen.stderr).toMatch(/^error: workspace_not_found: /);
    const badLimit = await run([
      'org',
      'limits',
      (await json(['org', 'list'])).organizations[0].id,
      'seats=3',
    ]);
    expect(badLimit.code).toBe(1);
    expect(badLimit.stderr).toMatch(/^error: unknown_limit_key: /);
  });

  it('rotates the signing key', async () => {
    const rotated = await json(['keys:rotate']);
    expect(rotated.rotated).toBe(true);
    expect(rotated.published_keys.length).toBeGreaterThanOrEqual(2);
  });

  it('re-wraps under the master key, with progress as plain lines when not on a terminal', async () => {
    const result = await run(['kms:rotate']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^master key \S+: rewrapped \d+ secrets \(\d+ already current\), \d+ sign-in mail passwords \(\d+ already current\), \d+ SSO client secrets \(\d+ already current\) and \d+ signing keys/,
    );
    expect(result.stderr).toMatch(/^secrets checked: \d+\/\d+$/m);
  });
});
