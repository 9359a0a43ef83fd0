import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseMasterKey } from '@groundfloor/crypto';
import { DEFAULT_PLAN_LIMITS, isLimitKey, isPlanTier, type PlanLimits } from '@groundfloor/domain';
import { isDnsServer } from './dns-servers';

/** Everything the server reads from the environment (supplement §1). */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly publicBaseUrl: string;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly kmsMasterKey: string | undefined;
  readonly kmsPreviousMasterKeys: string[];
  readonly operatorToken: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly dnsServers: string[];
  /** `cname_target` of custom domains. */
  readonly domainCnameTarget: string;
  readonly allowPrivateMailHosts: boolean;
  readonly organizationCreationEnabled: boolean;
  readonly planLimits: PlanLimits;
  readonly coderunnerUrl: string | undefined;
  /** How long a code-execution request may go unanswered before the proxy answers 504 (supplement §13: 30 s). */
  readonly coderunnerTimeoutMs: number;
  readonly llmGatewayUrl: string | undefined;
  readonly llmGatewayMasterKey: string | undefined;
  /** How long a model-gateway call may go unanswered before it counts as unreachable. */
  readonly llmGatewayTimeoutMs: number;
  /** Compute units per US dollar of model-gateway spend (supplement §14). */
  readonly llmCuPerUsd: number;
  readonly platformName: string;
  readonly logLevel: string;
  readonly trustProxy: boolean | number | string | undefined;
  /** Password hashes (argon2id) allowed to run at once; the rest queue. */
  readonly passwordHashConcurrency: number;
  /** The niceness of the hashing threads on Linux (`PASSWORD_HASH_NICE`, 0 to 19; 19 by default). */
  readonly passwordHashNice: number;
  /** How long setting an app user's password may take before 504 (`APP_USER_PASSWORD_TIMEOUT_MS`). */
  readonly appUserPasswordTimeoutMs: number;
  /** `/metrics` (Prometheus) listens here when set; off by default. */
  readonly metricsPort: number | undefined;
  readonly metricsHost: string;
  /** Where release bundles live: files under DATA_DIR/blobs, or an S3-compatible bucket. */
  readonly blobStore:
    | { readonly kind: 'fs' }
    | {
        readonly kind: 's3';
        readonly bucket: string;
        readonly keyPrefix: string;
        readonly endpoint: string | undefined;
        readonly region: string;
        readonly forcePathStyle: boolean;
        readonly accessKeyId: string | undefined;
        readonly secretAccessKey: string | undefined;
      };
  /** Rate-limit counters in Redis instead of the database (supplement §11). */
  readonly redisUrl: string | undefined;
  /** Authorizing reads kept in memory, invalidated by LISTEN/NOTIFY (docs/performance.md). */
  readonly authorizationCache: boolean;
  /** Repeated statements sent as named (prepared) statements (`DATABASE_PREPARED_STATEMENTS`). */
  readonly databasePreparedStatements: boolean;
}

/** Thrown with one line per problem; the process prints them and stops. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const value = text(name);
    if (value === undefined) return fallback;
    if (/^(true|1|yes|on)$/i.test(value)) return true;
    if (/^(false|0|no|off)$/i.test(value)) return false;
    problems.push(`${name} must be true or false, got '${value}'`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const value = text(name);
    if (value === undefined) return undefined;
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
      }
    } catch {
      problems.push(`${name} is not a valid URL`);
    }
    return value;
  };

  const portText = text('PORT') ?? '8080';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be a port number, got '${portText}'`);
  const host = text('HOST') ?? '127.0.0.1';
  const publicBaseUrl = (url('PUBLIC_BASE_URL', ['http:', 'https:']) ?? `http://127.0.0.1:${port}`).replace(
    /\/+$/,
    '',
  );
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const smtpUrl = url('SMTP_URL', ['smtp:', 'smtps:']);
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:']);
  const blobStoreKind = text('BLOB_STORE') ?? 'fs';
  if (blobStoreKind !== 'fs' && blobStoreKind !== 's3')
    problems.push(`BLOB_STORE must be fs or s3, got '${blobStoreKind}'`);
  const s3Bucket = text('S3_BUCKET');
  if (blobStoreKind === 's3' && !s3Bucket) problems.push('S3_BUCKET is required with BLOB_STORE=s3');
  const s3KeyId = text('S3_ACCESS_KEY_ID');
  const s3Secret = text('S3_SECRET_ACCESS_KEY');
  if ((s3KeyId === undefined) !== (s3Secret === undefined))
    problems.push(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the AWS default credentials)',
    );
  const s3KeyPrefix = text('S3_KEY_PREFIX') ?? '';
  if (s3KeyPrefix !== '' && !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/.test(s3KeyPrefix))
    problems.push(`S3_KEY_PREFIX must be folder names ending in /, e.g. groundfloor/, got '${s3KeyPrefix}'`);
  const blobStore: Config['blobStore'] =
    blobStoreKind === 's3'
      ? {
          kind: 's3',
          bucket: s3Bucket ?? '',
          keyPrefix: s3KeyPrefix,
          endpoint: url('S3_ENDPOINT', ['http:', 'https:']),
          region: text('S3_REGION') ?? 'us-east-1',
          forcePathStyle: bool('S3_FORCE_PATH_STYLE', false),
          accessKeyId: s3KeyId,
          secretAccessKey: s3Secret,
        }
      : { kind: 'fs' };
  const metricsPortText = text('METRICS_PORT');
  const metricsPort = metricsPortText === undefined ? undefined : Number(metricsPortText);
  if (metricsPort !== undefined && (!/^\d+$/.test(metricsPortText as string) || metricsPort > 65535))
    problems.push(`METRICS_PORT must be a port number, got '${metricsPortText}'`);
  else if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port)
    problems.push(`METRICS_PORT must differ from PORT (${port}): metrics are never served on the API's port`);

  let planLimits: PlanLimits = DEFAULT_PLAN_LIMITS;
  const planText = text('PLAN_LIMITS');
  if (planText !== undefined) {
    try {
      planLimits = parsePlanLimits(JSON.parse(planText));
    } catch (e) {
      problems.push(`PLAN_LIMITS ${(e as Error).message}`);
    }
  }

  const logLevel = text('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const dnsServers = (text('DNS_SERVERS') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const server of dnsServers) {
    if (!isDnsServer(server)) {
      problems.push(
        `DNS_SERVERS entry '${server}' must be an IP address with an optional port (10.0.0.2:53, [::1]:5353), not a host name`,
      );
    }
  }

  const cnameTargetText = text('DOMAIN_CNAME_TARGET')?.toLowerCase().replace(/\.$/, '');
  if (
    cnameTargetText !== undefined &&
    !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(cnameTargetText)
  )
    problems.push(
      `DOMAIN_CNAME_TARGET must be a hostname such as apps.example.com, got '${cnameTargetText}'`,
    );
  const domainCnameTarget = cnameTargetText ?? safeHost(publicBaseUrl);

  // Checked here, not when the key store first opens, so a bad key is one more
  // line of the same report rather than a crash after the others were fixed.
  const kmsMasterKey = text('KMS_MASTER_KEY');
  const kmsPreviousMasterKeys = (text('KMS_PREVIOUS_MASTER_KEYS') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const masterKeys: [string, string][] = [
    ...(kmsMasterKey === undefined ? [] : [['KMS_MASTER_KEY', kmsMasterKey] as [string, string]]),
    ...kmsPreviousMasterKeys.map((k, i): [string, string] => [`KMS_PREVIOUS_MASTER_KEYS entry #${i + 1}`, k]),
  ];
  for (const [source, key] of masterKeys) {
    try {
      parseMasterKey(key, source);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }

  const mailFrom = text('MAIL_FROM');
  if (mailFrom !== undefined && !/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(mailFrom)) {
    problems.push(`MAIL_FROM must be an email address (or Name <address>), got '${mailFrom}'`);
  }

  const trustProxyText = text('TRUST_PROXY');
  const trustProxy =
    trustProxyText === undefined
      ? undefined
      : /^\d+$/.test(trustProxyText)
        ? Number(trustProxyText)
        : /^(true|false)$/i.test(trustProxyText)
          ? /^true$/i.test(trustProxyText)
          : trustProxyText;
  if (typeof trustProxy === 'string' && !isTrustedProxyList(trustProxy))
    problems.push(
      `TRUST_PROXY must be true, false, a number of hops, or addresses and subnets (10.0.0.0/8, loopback), got '${trustProxy}'`,
    );

  // One core is left to the event loop; past four, more hashing threads buy little.
  const hashConcurrencyText = text('PASSWORD_HASH_CONCURRENCY');
  const passwordHashConcurrency =
    hashConcurrencyText === undefined
      ? Math.max(1, Math.min(4, availableParallelism() - 1))
      : Number(hashConcurrencyText);
  if (
    !(
      Number.isInteger(passwordHashConcurrency) &&
      passwordHashConcurrency >= 1 &&
      passwordHashConcurrency <= 64
    )
  )
    problems.push(
      `PASSWORD_HASH_CONCURRENCY must be a whole number from 1 to 64, got '${hashConcurrencyText}'`,
    );

  // The lowest priority by default: the event loop gets a core first (docs/security.md).
  const hashNiceText = text('PASSWORD_HASH_NICE');
  const passwordHashNice = hashNiceText === undefined ? 19 : Number(hashNiceText);
  if (!(Number.isInteger(passwordHashNice) && passwordHashNice >= 0 && passwordHashNice <= 19))
    problems.push(`PASSWORD_HASH_NICE must be a whole number from 0 to 19, got '${hashNiceText}'`);

  const appUserTimeoutText = text('APP_USER_PASSWORD_TIMEOUT_MS');
  const appUserPasswordTimeoutMs = appUserTimeoutText === undefined ? 10_000 : Number(appUserTimeoutText);
  if (
    !(
      Number.isInteger(appUserPasswordTimeoutMs) &&
      appUserPasswordTimeoutMs >= 50 &&
      appUserPasswordTimeoutMs <= 120_000
    )
  )
    problems.push(
      `APP_USER_PASSWORD_TIMEOUT_MS must be a whole number of milliseconds from 50 to 120000, got '${appUserTimeoutText}'`,
    );
  const wholeNumber = (name: string, fallback: number, min: number, max: number): number => {
    const value = text(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got '${value}'`);
      return fallback;
    }
    return n;
  };
  const coderunnerTimeoutMs = wholeNumber('CODERUNNER_TIMEOUT_MS', 30_000, 1, 600_000);
  const llmGatewayTimeoutMs = wholeNumber('LLM_GATEWAY_TIMEOUT_MS', 10_000, 1, 600_000);
  const cuText = text('LLM_CU_PER_USD');
  const llmCuPerUsd = cuText === undefined ? 100 : Number(cuText);
  if (!(/^\d+(\.\d+)?$/.test(cuText ?? '100') && llmCuPerUsd > 0 && llmCuPerUsd <= 1_000_000))
    problems.push(`LLM_CU_PER_USD must be a number greater than 0 and at most 1000000, got '${cuText}'`);
  const llmGatewayUrl = url('LLM_GATEWAY_URL', ['http:', 'https:']);
  const llmGatewayMasterKey = text('LLM_GATEWAY_MASTER_KEY');
  if ((llmGatewayUrl === undefined) !== (llmGatewayMasterKey === undefined))
    problems.push('LLM_GATEWAY_URL and LLM_GATEWAY_MASTER_KEY go together (or neither: no model gateway)');

  const config: Config = {
    port,
    host,
    publicBaseUrl,
    databaseUrl,
    dataDir: path.resolve(cwd, text('DATA_DIR') ?? './data'),
    kmsMasterKey,
    kmsPreviousMasterKeys,
    operatorToken: text('OPERATOR_TOKEN'),
    smtpUrl,
    mailFrom: mailFrom ?? `no-reply@${safeHost(publicBaseUrl)}`,
    dnsServers,
    domainCnameTarget,
    allowPrivateMailHosts: bool('ALLOW_PRIVATE_MAIL_HOSTS', false),
    authorizationCache: bool('AUTHORIZATION_CACHE', true),
    databasePreparedStatements: bool('DATABASE_PREPARED_STATEMENTS', true),
    organizationCreationEnabled: bool('ORG_CREATION_ENABLED', false),
    planLimits,
    coderunnerUrl: url('CODERUNNER_URL', ['http:', 'https:']),
    coderunnerTimeoutMs,
    llmGatewayUrl,
    llmGatewayMasterKey,
    llmGatewayTimeoutMs,
    llmCuPerUsd,
    platformName: text('PLATFORM_NAME') ?? 'Groundfloor',
    logLevel,
    trustProxy,
    passwordHashConcurrency,
    passwordHashNice,
    appUserPasswordTimeoutMs,
    redisUrl,
    blobStore,
    metricsPort,
    metricsHost: text('METRICS_HOST') ?? host,
  };
  if (config.operatorToken !== undefined && config.operatorToken.length < 16) {
    problems.push('OPERATOR_TOKEN must be at least 16 characters');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function safeHost(base: string): string {
  try {
    return new URL(base).hostname;
  } catch {
    return 'localhost';
  }
}

/** `{tier: {limit_key: number or null}}`; tiers and keys must be known, numbers whole and non-negative. */
/** Express's named ranges, and addresses or subnets (`10.0.0.1`, `10.0.0.0/8`, `fd00::/8`), comma-separated. */
function isTrustedProxyList(text: string): boolean {
  return text.split(',').every((entry) => {
    const item = entry.trim();
    if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
    const [address = '', bits, extra] = item.split('/');
    const family = isIP(address);
    if (family === 0 || extra !== undefined) return false;
    if (bits === undefined) return true;
    const max = family === 4 ? 32 : 128;
    return /^\d+$/.test(bits) ? Number(bits) <= max : isIP(bits) === 4 && family === 4;
  });
}

export function parsePlanLimits(value: unknown): PlanLimits {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('must be a JSON object');
  // Over the built-in placeholders: a key left out keeps its placeholder, so
  // setting one ceiling never lifts the others without a word.
  const result: PlanLimits = {
    free: { ...DEFAULT_PLAN_LIMITS.free },
    pro: { ...DEFAULT_PLAN_LIMITS.pro },
    enterprise: { ...DEFAULT_PLAN_LIMITS.enterprise },
  };
  for (const [tier, limits] of Object.entries(value)) {
    if (!isPlanTier(tier)) throw new Error(`has an unknown plan tier '${tier}'`);
    if (typeof limits !== 'object' || limits === null || Array.isArray(limits)) {
      throw new Error(`tier '${tier}' must map limit keys to numbers or null`);
    }
    for (const [key, limit] of Object.entries(limits)) {
      if (!isLimitKey(key)) throw new Error(`has an unknown limit key '${key}'`);
      if (limit !== null && !(Number.isSafeInteger(limit) && (limit as number) >= 0)) {
        throw new Error(`${tier}.${key} must be a whole number of 0 or more, or null`);
      }
      result[tier][key] = limit as number | null;
    }
  }
  return result;
}
