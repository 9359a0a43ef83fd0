import {
  DomainError,
  KEY_MANAGEMENT,
  type KeyManagement,
  type Organization,
  SIGNING_KEY_STORE,
  type SigningKeyStore,
  TOKEN_SIGNER,
  type TokenSigner,
  USE_CASES,
  type UseCases,
  type Workspace,
} from '@groundfloor/domain';
import { runMigrations } from '@groundfloor/persistence-typeorm';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { Container } from 'inversify';
import { withContainer } from '../command';
import { type Config, ConfigError, loadConfig } from '../config';
import { rotateMasterKey } from '../master-key-rotation';
import { ExitCode } from './exit-codes';
import { createOutput, type Output } from './output';
import { createProgress } from './progress';

/** What became of a pending owner's set-password email, in words (the JSON form carries the fields). */
function setPasswordEmailSaid(outcome: {
  email_sent: boolean | null;
  email_skipped_reason: string | null;
}): string {
  if (outcome.email_sent === true) return 'a set-password email was sent';
  if (outcome.email_sent === null)
    return 'a set-password email may still arrive: the mail server did not confirm it';
  return `no set-password email was sent: ${outcome.email_skipped_reason ?? 'not sent'}`;
}

/** What the program needs from its process: injected, so tests can run it too. */
export interface CliEnvironment {
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  /** The owner password for `org create --owner-password-stdin`. */
  readStdin(): Promise<string>;
}

const PLAN_TIERS = ['free', 'pro', 'enterprise'] as const;

const organizationJson = (o: Organization) => ({
  id: o.id,
  name: o.name,
  plan_tier: o.planTier,
  status: o.status,
  limits: { ...o.limitOverrides },
  created_at: o.createdAt.toISOString(),
});
const organizationLine = (o: Organization) =>
  `${o.id}  ${o.status.padEnd(9)}  ${o.planTier.padEnd(10)}  ${o.name}`;
const workspaceJson = (w: Workspace) => ({
  id: w.id,
  organization_id: w.organizationId,
  name: w.name,
  status: w.status,
});

/** `key=value` (a whole number, or `null` for no ceiling) for `org limits`. */
function limitPair(text: string, previous: Record<string, number | null> = {}) {
  const match = /^([a-z.]+)=(null|\d+)$/.exec(text);
  if (!match) throw new InvalidArgumentError(`'${text}' is not key=number or key=null (e.g. workspaces=10)`);
  const [, key, value] = match as unknown as [string, string, string];
  return { ...previous, [key]: value === 'null' ? null : Number(value) };
}

/**
 * `groundfloor`: the operator's command line. It works on the database the
 * server uses (the same configuration: environment variables, `.env`), so it
 * needs no running server and no token; its changes are audited with the
 * operator as the actor, like the operator API's.
 */
export function buildProgram(io: CliEnvironment, setExitCode: (code: number) => void): Command {
  const program = new Command('groundfloor')
    .description('Operate a Groundfloor Control installation (configuration from the environment and .env)')
    .option('--json', 'print results as JSON')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .showHelpAfterError('(run groundfloor --help for the commands)');

  const output = (): Output => createOutput(Boolean(program.opts().json), io.stdout, io.stderr);

  /** Runs an action with the configuration; maps every failure to its exit code and one line. */
  const action =
    <A extends unknown[]>(work: (config: Config, out: Output, ...args: A) => Promise<void>) =>
    async (...args: A) => {
      const out = output();
      try {
        await work(loadConfig(io.env), out, ...args);
      } catch (e) {
        if (e instanceof CommanderError) {
          io.stderr.write(`error: ${e.message}\n`);
          setExitCode(ExitCode.usage);
        } else if (e instanceof ConfigError) {
          for (const problem of e.problems) io.stderr.write(`configuration error: ${problem}\n`);
          setExitCode(ExitCode.configuration);
        } else if (e instanceof DomainError) {
          io.stderr.write(`error: ${e.code}: ${e.message}\n`);
          setExitCode(ExitCode.failed);
        } else {
          io.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
          setExitCode(ExitCode.failed);
        }
      }
    };
  const withUseCases = async <T>(config: Config, work: (u: UseCases, c: Container) => Promise<T>) =>
    withContainer(config, async (container) =>
      work(await container.getAsync<UseCases>(USE_CASES), container),
    );

  program
    .command('migrate')
    .description('apply pending database migrations (servers also do this at start)')
    .action(
      action(async (config, out) => {
        const applied = await runMigrations({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
        out.result({ applied }, (r) => [
          `migrations applied: ${r.applied.length === 0 ? 'none pending' : r.applied.join(', ')}`,
        ]);
      }),
    );

  program
    .command('keys:rotate')
    .description('make a new token-signing key current; the old one keeps verifying until its tokens expire')
    .action(
      action(async (config, out) =>
        withContainer(config, async (container) => {
          const signer = await container.getAsync<TokenSigner>(TOKEN_SIGNER);
          const rotated = await signer.rotate();
          const keys = (await signer.jwks()).keys.map((k) => k.kid);
          out.result({ rotated, published_keys: keys }, (r) => [
            r.rotated
              ? 'signing key rotated'
              : 'another process rotated the signing key at the same moment; its key is current',
            `published keys: ${r.published_keys.join(', ')}`,
          ]);
        }),
      ),
    );

  program
    .command('kms:rotate')
    .description(
      're-wrap every stored data key under KMS_MASTER_KEY (the old key in KMS_PREVIOUS_MASTER_KEYS)',
    )
    .action(
      action(async (config, out) =>
        withUseCases(config, async (useCases, container) => {
          const kms = await container.getAsync<KeyManagement>(KEY_MANAGEMENT);
          const progress = createProgress('secrets checked', io.stderr);
          const result = await rotateMasterKey({
            useCases,
            kms,
            signingKeys: await container.getAsync<SigningKeyStore>(SIGNING_KEY_STORE),
            onProgress: ({ done, total }) => progress.update(done, total),
          }).finally(() => progress.stop());
          out.result({ master_key: kms.currentKeyId, ...result }, (r) => [
            `master key ${r.master_key}: rewrapped ${r.secrets.rewrapped} secrets ` +
              `(${r.secrets.unchanged} already current), ${r.mailPasswords.rewrapped} sign-in mail passwords ` +
              `(${r.mailPasswords.unchanged} already current), ${r.ssoClientSecrets.rewrapped} SSO client secrets ` +
              `(${r.ssoClientSecrets.unchanged} already current) and ${r.signingKeys.rewrapped} signing keys ` +
              `(${r.signingKeys.unchanged} already current)`,
          ]);
        }),
      ),
    );

  const org = program.command('org').description('organizations');

  org
    .command('create')
    .description(
      'create an organization and its owner (pending with a set-password email, unless a password is given)',
    )
    .requiredOption('--name <name>', 'organization name')
    .requiredOption('--owner-email <email>', "the owner's email")
    .option('--owner-name <name>', "the owner's display name")
    .option(
      '--owner-password-stdin',
      "read the owner's password from standard input (never from an argument)",
    )
    .addOption(new Option('--plan <tier>', 'plan tier').choices(PLAN_TIERS).default('free'))
    .action(
      action(
        async (
          config,
          out,
          options: {
            name: string;
            ownerEmail: string;
            ownerName?: string;
            ownerPasswordStdin?: boolean;
            plan: string;
          },
        ) => {
          const password = options.ownerPasswordStdin
            ? (await io.readStdin()).replace(/\r?\n$/, '')
            : undefined;
          await withUseCases(config, async (useCases) => {
            const created = await useCases.operator.createOrganization.execute({
              name: options.name,
              planTier: options.plan as (typeof PLAN_TIERS)[number],
              ownerEmail: options.ownerEmail,
              ownerPassword: password,
              ownerDisplayName: options.ownerName,
              ip: null,
            });
            out.result(
              {
                organization: organizationJson(created.organization),
                // The email outcome inside owner_membership, as the operator API answers it.
                owner_membership: {
                  id: created.ownerMembership.id,
                  status: created.ownerMembership.status,
                  ...created.email,
                },
              },
              (r) => [
                `organization ${r.organization.id} created: ${r.organization.name}`,
                `owner ${options.ownerEmail}: ${r.owner_membership.status}` +
                  (r.owner_membership.status === 'pending'
                    ? ` (${setPasswordEmailSaid(r.owner_membership)})`
                    : ''),
              ],
            );
          });
        },
      ),
    );

  org
    .command('list')
    .description('every organization, oldest first')
    .action(
      action(async (config, out) =>
        withUseCases(config, async (useCases) => {
          const all = await useCases.operator.listOrganizations.execute();
          out.result({ organizations: all.map(organizationJson) }, () =>
            all.length === 0 ? ['no organizations'] : all.map(organizationLine),
          );
        }),
      ),
    );

  org
    .command('show <organization_id>')
    .description('one organization, with its limit overrides')
    .action(
      action(async (config, out, id: string) =>
        withUseCases(config, async (useCases) => {
          const o = await useCases.operator.getOrganization.execute({ organizationId: id.toLowerCase() });
          out.result(organizationJson(o), (r) => [
            organizationLine(o),
            `limits: ${Object.keys(r.limits).length === 0 ? 'the plan’s' : JSON.stringify(r.limits)}`,
          ]);
        }),
      ),
    );

  const update = (
    name: string,
    description: string,
    change: (args: string[]) => { suspended?: boolean; planTier?: (typeof PLAN_TIERS)[number] },
    argument = '',
  ) =>
    org
      .command(`${name} <organization_id>${argument}`)
      .description(description)
      .action(
        action(async (config, out, id: string, ...rest: unknown[]) =>
          withUseCases(config, async (useCases) => {
            const args = rest.filter((a): a is string => typeof a === 'string');
            const o = await useCases.operator.updateOrganization.execute({
              organizationId: id.toLowerCase(),
              ...change(args),
              ip: null,
            });
            out.result(organizationJson(o), () => [organizationLine(o)]);
          }),
        ),
      );
  update('suspend', 'suspend an organization: its workspaces read as frozen', () => ({ suspended: true }));
  update('unsuspend', 'lift a suspension', () => ({ suspended: false }));
  update(
    'plan',
    'set the plan tier (free, pro, enterprise)',
    ([tier]) => {
      if (!PLAN_TIERS.includes(tier as (typeof PLAN_TIERS)[number])) {
        throw new InvalidArgumentError(`plan must be one of ${PLAN_TIERS.join(', ')}`);
      }
      return { planTier: tier as (typeof PLAN_TIERS)[number] };
    },
    ' <tier>',
  );

  org
    .command('limits <organization_id> [limits...]')
    .description(
      'replace the limit overrides: key=number or key=null (no ceiling), e.g. workspaces=10; none: the plan’s again',
    )
    .action(
      action(async (config, out, id: string, pairs: string[]) => {
        const limits = pairs.reduce<Record<string, number | null>>((all, pair) => limitPair(pair, all), {});
        await withUseCases(config, async (useCases) => {
          const o = await useCases.operator.updateOrganization.execute({
            organizationId: id.toLowerCase(),
            limits,
            ip: null,
          });
          out.result(organizationJson(o), (r) => [
            organizationLine(o),
            `limits: ${Object.keys(r.limits).length === 0 ? 'the plan’s' : JSON.stringify(r.limits)}`,
          ]);
        });
      }),
    );

  const workspace = program.command('workspace').description('workspaces');
  for (const [name, frozen, description] of [
    ['freeze', true, 'freeze a workspace: changes are refused, nothing is erased'],
    ['unfreeze', false, 'lift a freeze'],
  ] as const) {
    workspace
      .command(`${name} <workspace_id>`)
      .description(description)
      .action(
        action(async (config, out, id: string) =>
          withUseCases(config, async (useCases) => {
            const w = await useCases.operator.setWorkspaceFrozen.execute({
              workspaceId: id.toLowerCase(),
              frozen,
              ip: null,
            });
            out.result(workspaceJson(w), (r) => [`workspace ${r.id} ${r.status}: ${r.name}`]);
          }),
        ),
      );
  }

  return program;
}

/** Parses and runs; resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliEnvironment): Promise<number> {
  let code: number = ExitCode.ok;
  const program = buildProgram(io, (c) => {
    code = c;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version end through here too, successfully.
      return e.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    io.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    return ExitCode.failed;
  }
  return code;
}
