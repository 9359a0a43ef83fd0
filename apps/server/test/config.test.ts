import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULT_PLAN_LIMITS } from '@groundfloor/domain';
import { ConfigError, loadConfig } from '../src/config';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
};

describe('configuration (supplement §1)', () => {
  it('has the defaults of the README table', () => {
    const config = loadConfig({}, '/srv/gf');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicBaseUrl: 'http://127.0.0.1:8080',
      databaseUrl: undefined,
      dataDir: path.resolve('/srv/gf', './data'),
      kmsMasterKey: undefined,
      operatorToken: undefined,
      smtpUrl: undefined,
      mailFrom: 'no-reply@127.0.0.1',
      dnsServers: [],
      allowPrivateMailHosts: false,
      organizationCreationEnabled: false,
      coderunnerUrl: undefined,
      coderunnerTimeoutMs: 30_000,
      llmGatewayUrl: undefined,
      llmGatewayMasterKey: undefined,
      llmGatewayTimeoutMs: 10_000,
      llmCuPerUsd: 100,
      platformName: 'Groundfloor',
      logLevel: 'info',
      authorizationCache: true,
      databasePreparedStatements: true,
    });
  });

  it('derives PUBLIC_BASE_URL from PORT and MAIL_FROM from its host', () => {
    expect(loadConfig({ PORT: '9000' }).publicBaseUrl).toBe('http://127.0.0.1:9000');
    const config = loadConfig({ PUBLIC_BASE_URL: 'https://control.example.com/' });
    expect(config.publicBaseUrl).toBe('https://control.example.com');
    expect(config.mailFrom).toBe('no-reply@control.example.com');
  });

  it('reads booleans, plan limits and lists', () => {
    const config = loadConfig({
      ORG_CREATION_ENABLED: 'true',
      ALLOW_PRIVATE_MAIL_HOSTS: '1',
      PLAN_LIMITS: '{"free":{"workspaces":1,"llm.cu":null}}',
      DNS_SERVERS: '127.0.0.1:5353, 10.0.0.2:53',
      MAIL_FROM: 'Groundfloor <ops@example.com>',
      AUTHORIZATION_CACHE: 'false',
      DATABASE_PREPARED_STATEMENTS: 'false',
    });
    expect(config.organizationCreationEnabled).toBe(true);
    expect(config.authorizationCache).toBe(false);
    expect(config.databasePreparedStatements).toBe(false);
    expect(config.allowPrivateMailHosts).toBe(true);
    // Over the placeholders: the keys and tiers left out keep theirs.
    expect(config.planLimits.free).toEqual({ ...DEFAULT_PLAN_LIMITS.free, workspaces: 1, 'llm.cu': null });
    expect(config.planLimits.pro).toEqual(DEFAULT_PLAN_LIMITS.pro);
    expect(config.planLimits.free['files.bytes']).toBe(DEFAULT_PLAN_LIMITS.free['files.bytes']);
    expect(config.dnsServers).toEqual(['127.0.0.1:5353', '10.0.0.2:53']);
    expect(config.mailFrom).toBe('Groundfloor <ops@example.com>');
  });

  it('reports every problem at once, one line each, never echoing a key', () => {
    const badKey = 'c2hvcnQta2V5';
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db',
      SMTP_URL: 'not a url',
      ORG_CREATION_ENABLED: 'maybe',
      PLAN_LIMITS: '{"gold":{}}',
      LOG_LEVEL: 'loud',
      KMS_MASTER_KEY: badKey,
      KMS_PREVIOUS_MASTER_KEYS: 'not base64!',
      OPERATOR_TOKEN: 'short',
      MAIL_FROM: 'nobody',
    });
    expect(problems).toHaveLength(10);
    for (const line of problems) expect(line).not.toMatch(/\n/);
    const text = problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'SMTP_URL',
      'ORG_CREATION_ENABLED',
      'PLAN_LIMITS',
      'LOG_LEVEL',
      'KMS_MASTER_KEY',
      'KMS_PREVIOUS_MASTER_KEYS',
      'OPERATOR_TOKEN',
      'MAIL_FROM',
    ]) {
      expect(text).toContain(name);
    }
    expect(text).not.toContain(badKey);
    expect(text).not.toContain('not base64!');
  });

  it('refuses METRICS_PORT equal to PORT at start, rather than failing to listen', () => {
    expect(problemsOf({ PORT: '9000', METRICS_PORT: '9000' })).toEqual([
      "METRICS_PORT must differ from PORT (9000): metrics are never served on the API's port",
    ]);
    expect(problemsOf({ PORT: '9000', METRICS_PORT: '9100' })).toEqual([]);
  });

  it('takes TRUST_PROXY as true, false, hops, or addresses and subnets; anything else is a problem at start', () => {
    for (const [value, read] of [
      ['true', true],
      ['2', 2],
      ['loopback, 10.0.0.0/8, fd00::/8', 'loopback, 10.0.0.0/8, fd00::/8'],
      ['192.168.1.1', '192.168.1.1'],
    ] as const)
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(read);
    for (const value of ['maybe', '10.0.0.0/33', '10.0.0.1/8/1', 'loopback,', 'fd00::/129']) {
      const problems = problemsOf({ TRUST_PROXY: value });
      expect(problems).toEqual([expect.stringContaining('TRUST_PROXY must be')]);
    }
  });

  it('reads the upstreams, their time-outs and the compute-unit rate', () => {
    const config = loadConfig({
      CODERUNNER_URL: 'https://coderunner.internal',
      CODERUNNER_TIMEOUT_MS: '5000',
      LLM_GATEWAY_URL: 'http://litellm:4000',
      LLM_GATEWAY_MASTER_KEY: 'sk-master',
      LLM_GATEWAY_TIMEOUT_MS: '2500',
      LLM_CU_PER_USD: '12.5',
    });
    expect(config).toMatchObject({
      coderunnerUrl: 'https://coderunner.internal',
      coderunnerTimeoutMs: 5000,
      llmGatewayUrl: 'http://litellm:4000',
      llmGatewayMasterKey: 'sk-master',
      llmGatewayTimeoutMs: 2500,
      llmCuPerUsd: 12.5,
    });
  });

  it('refuses bad upstream settings, one line each, never echoing the master key', () => {
    const problems = problemsOf({
      CODERUNNER_URL: 'ftp://runner',
      CODERUNNER_TIMEOUT_MS: '0',
      LLM_GATEWAY_TIMEOUT_MS: '1.5',
      LLM_CU_PER_USD: '-3',
      LLM_GATEWAY_MASTER_KEY: 'sk-master-without-url',
    });
    expect(problems).toHaveLength(5);
    const text = problems.join('\n');
    for (const name of [
      'CODERUNNER_URL',
      'CODERUNNER_TIMEOUT_MS',
      'LLM_GATEWAY_TIMEOUT_MS',
      'LLM_CU_PER_USD',
    ])
      expect(text).toContain(name);
    expect(text).toContain('LLM_GATEWAY_URL and LLM_GATEWAY_MASTER_KEY go together');
    expect(text).not.toContain('sk-master-without-url');
    expect(problemsOf({ LLM_CU_PER_USD: '0' })).toHaveLength(1);
  });

  it('takes DNS servers as IP addresses with optional ports', () => {
    const servers = [
      '10.0.0.2',
      '10.0.0.2:53',
      '::1',
      '[::1]',
      '[::1]:5353',
      '[2001:db8::53]:65535',
      'fe80::1%eth0',
    ];
    expect(loadConfig({ DNS_SERVERS: servers.join(', ') }).dnsServers).toEqual(servers);
  });

  it.each([
    ['a host name', 'dns.google'],
    ['a host name with a port', 'dns.google:53'],
    ['localhost', 'localhost:53'],
    ['port 0', '10.0.0.2:0'],
    ['a port past 65535', '10.0.0.2:99999'],
    ['a port that is not a number', '10.0.0.2:dns'],
    ['an empty port', '10.0.0.2:'],
    ['an IPv4 address in brackets', '[10.0.0.2]:53'],
    ['an incomplete address', '10.0.2'],
    ['a host name in brackets', '[dns.google]:53'],
    ['port 0 after an IPv6 address', '[::1]:0'],
  ])('refuses %s in DNS_SERVERS at start, in one line', (_what, entry) => {
    const problems = problemsOf({ DNS_SERVERS: `10.0.0.2:53,${entry}` });
    expect(problems).toEqual([expect.stringContaining(`DNS_SERVERS entry '${entry}'`)]);
    expect(problems[0]).not.toMatch(/\n/);
  });

  it('bounds concurrent password hashing, by default leaving one core to the event loop', () => {
    const cores = availableParallelism();
    const byDefault = loadConfig({}).passwordHashConcurrency;
    expect(byDefault).toBeGreaterThanOrEqual(1);
    expect(byDefault).toBeLessThanOrEqual(Math.min(4, Math.max(1, cores - 1)));
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '3' }).passwordHashConcurrency).toBe(3);
    for (const bad of ['0', '1.5', 'two', '65']) {
      expect(problemsOf({ PASSWORD_HASH_CONCURRENCY: bad })).toEqual([
        `PASSWORD_HASH_CONCURRENCY must be a whole number from 1 to 64, got '${bad}'`,
      ]);
    }
  });

  it('runs password hashing at the lowest priority unless PASSWORD_HASH_NICE says otherwise', () => {
    expect(loadConfig({}).passwordHashNice).toBe(19);
    expect(loadConfig({ PASSWORD_HASH_NICE: '0' }).passwordHashNice).toBe(0);
    for (const bad of ['-1', '20', '5.5', 'low']) {
      expect(problemsOf({ PASSWORD_HASH_NICE: bad })).toEqual([
        `PASSWORD_HASH_NICE must be a whole number from 0 to 19, got '${bad}'`,
      ]);
    }
  });

  it('bounds setting an app user password by APP_USER_PASSWORD_TIMEOUT_MS (10 seconds by default)', () => {
    expect(loadConfig({}).appUserPasswordTimeoutMs).toBe(10_000);
    expect(loadConfig({ APP_USER_PASSWORD_TIMEOUT_MS: '250' }).appUserPasswordTimeoutMs).toBe(250);
    for (const bad of ['0', '49', '120001', '1.5', 'soon']) {
      expect(problemsOf({ APP_USER_PASSWORD_TIMEOUT_MS: bad })).toEqual([
        `APP_USER_PASSWORD_TIMEOUT_MS must be a whole number of milliseconds from 50 to 120000, got '${bad}'`,
      ]);
    }
  });

  it('accepts a well-formed master key', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ KMS_MASTER_KEY: key }).kmsMasterKey).toBe(key);
  });
});
