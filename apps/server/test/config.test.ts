import path from 'node:path';
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
      llmGatewayUrl: undefined,
      platformName: 'Groundfloor',
      logLevel: 'info',
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
    });
    expect(config.organizationCreationEnabled).toBe(true);
    expect(config.allowPrivateMailHosts).toBe(true);
    expect(config.planLimits.free).toEqual({ workspaces: 1, 'llm.cu': null });
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

  it('accepts a well-formed master key', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ KMS_MASTER_KEY: key }).kmsMasterKey).toBe(key);
  });
});
