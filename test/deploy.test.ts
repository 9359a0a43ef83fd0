import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/*
 * No image can be built on the machines that run this suite, so the
 * deployment files are checked against what the code really is: the
 * configuration table (every variable they set exists, every required one is
 * set), the probe paths (routes the server serves) and the ports (the one the
 * server listens on).
 */
const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The variables of the README's configuration table. */
function configurationTable(): Set<string> {
  const section = read('README.md').split('## Configuration')[1]?.split('\n## ')[0] ?? '';
  return new Set(
    section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) =>
        [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] as string),
      ),
  );
}

/** Paths the health routes serve, read from their route file. */
const healthPaths = new Set(
  [...read('packages/http-express/src/routes/health.routes.ts').matchAll(/route\(router, '([^']+)'/g)].map(
    (m) => m[1] as string,
  ),
);

/** What a production install must set: with several replicas nothing may be generated per process. */
const REQUIRED = ['DATABASE_URL', 'KMS_MASTER_KEY', 'OPERATOR_TOKEN', 'PUBLIC_BASE_URL'];

const table = configurationTable();

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instruction = (name: string) =>
    dockerfile
      .split('\n')
      .filter((line) => line.startsWith(`${name} `))
      .map((line) => line.slice(name.length + 1));

  it('builds in one stage and runs as a non-root user in another', () => {
    expect(instruction('FROM').length).toBeGreaterThanOrEqual(2);
    expect(instruction('USER').at(-1)).toBe('node');
  });

  it('listens on every interface, on the port it exposes and checks', () => {
    const env = dockerfile
      .split('\n')
      .filter((l) => /^\s*(ENV )?[A-Z_]+=/.test(l.trim()) || l.startsWith('ENV'));
    const text = env.join('\n');
    expect(text).toMatch(/HOST=0\.0\.0\.0/);
    const port = /PORT=(\d+)/.exec(text)?.[1];
    expect(instruction('EXPOSE')).toEqual([port]);
    const check = dockerfile.slice(dockerfile.indexOf('HEALTHCHECK'));
    const probe = /\/(healthz|readyz)/.exec(check)?.[0];
    expect(healthPaths.has(probe ?? '')).toBe(true);
  });

  it('starts the server and knows the migration command, both built from sources that exist', () => {
    // Node's own flags (the young generation's size) come before the script.
    const cmd = (JSON.parse(instruction('CMD').at(-1) ?? '[]') as string[]).filter(
      (a) => !a.startsWith('--'),
    );
    expect(cmd.slice(0, 1)).toEqual(['node']);
    const source = (built: string) => built.replace('/dist/', '/src/').replace(/\.js$/, '.ts');
    expect(existsSync(path.join(root, source(cmd[1] as string)))).toBe(true);
    expect(existsSync(path.join(root, 'apps/server/src/cli.ts'))).toBe(true);
  });

  // Read by the runtime rather than the server: Node's NODE_ENV, and glibc's
  // allocator setting that the README explains below the table.
  const runtimeVariables = new Set(['NODE_ENV', 'MALLOC_MMAP_THRESHOLD_']);

  it('sets only variables of the configuration table (and the runtime’s own, which the README explains)', () => {
    const names = [...dockerfile.matchAll(/^\s*(?:ENV\s+)?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] as string);
    expect(names.filter((n) => !runtimeVariables.has(n) && !table.has(n))).toEqual([]);
    expect(read('README.md')).toContain('MALLOC_MMAP_THRESHOLD_=131072');
    expect(dockerfile).toContain('MALLOC_MMAP_THRESHOLD_=131072');
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<string, Record<string, unknown>>;
  };
  const server = compose.services.server as {
    environment: Record<string, string>;
    ports: string[];
    depends_on: Record<string, { condition: string }>;
    healthcheck: { test: string[] };
  };
  const migrate = compose.services.migrate as { command: string[]; environment: Record<string, string> };

  it('runs PostgreSQL, Redis, a mail catcher, the migrations once, then the server', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'mailpit',
      'migrate',
      'postgres',
      'redis',
      'server',
    ]);
    expect(server.depends_on.migrate).toEqual({ condition: 'service_completed_successfully' });
    expect(migrate.command).toEqual(['node', 'apps/server/dist/cli.js', 'migrate']);
    expect(migrate.environment).toEqual(server.environment);
  });

  it('sets every required variable and only variables of the configuration table', () => {
    const env = server.environment;
    for (const name of REQUIRED) expect({ name, set: Boolean(env[name]) }).toEqual({ name, set: true });
    expect(Object.keys(env).filter((n) => !table.has(n))).toEqual([]);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(env.SMTP_URL).toMatch(/^smtp:\/\/mailpit:/);
  });

  it('publishes the port the server listens on and checks a served readiness path', () => {
    const port = server.environment.PORT;
    expect(server.ports).toEqual([`${port}:${port}`]);
    const probe = server.healthcheck.test.join(' ');
    expect(probe).toContain(`127.0.0.1:${port}/readyz`);
    expect(healthPaths.has('/readyz')).toBe(true);
  });
});

describe('Helm chart', () => {
  const chart = 'deploy/helm/groundfloor-control';
  const values = parse(read(`${chart}/values.yaml`)) as {
    env: Record<string, string>;
    secrets: Record<string, string>;
    service: { targetPort: number };
    probes: { liveness: { path: string }; readiness: { path: string } };
  };
  const templates = readdirSync(path.join(root, chart, 'templates')).map((f) =>
    read(`${chart}/templates/${f}`),
  );

  it('passes only variables of the configuration table, plain or secret', () => {
    const names = [
      ...Object.keys(values.env),
      ...Object.keys(values.secrets).filter((k) => k !== 'existingSecret'),
    ];
    expect(names.filter((n) => !table.has(n))).toEqual([]);
    expect(values.env.HOST).toBe('0.0.0.0');
  });

  it('requires every required variable: the Secret refuses to render without the credentials', () => {
    const secret = read(`${chart}/templates/secret.yaml`);
    const required = [...secret.matchAll(/^\s+([A-Z_]+): \{\{ required /gm)].map((m) => m[1]);
    expect(required.sort()).toEqual(['DATABASE_URL', 'KMS_MASTER_KEY', 'OPERATOR_TOKEN']);
    expect(values.env.PUBLIC_BASE_URL).toMatch(/^https?:\/\//);
  });

  it('probes paths the server serves, on the port it listens on', () => {
    expect(healthPaths.has(values.probes.liveness.path)).toBe(true);
    expect(healthPaths.has(values.probes.readiness.path)).toBe(true);
    expect(values.probes.liveness.path).toBe('/healthz');
    expect(values.probes.readiness.path).toBe('/readyz');
    expect(String(values.service.targetPort)).toBe(values.env.PORT);
  });

  it('names only values that values.yaml defines', () => {
    const lookup = (dotted: string) =>
      dotted
        .split('.')
        .reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], values);
    const used = new Set(
      templates.flatMap((t) => [...t.matchAll(/\.Values\.([A-Za-z0-9_.]+)/g)].map((m) => m[1])),
    );
    const missing = [...used].filter((dotted) => lookup(dotted as string) === undefined);
    expect(missing).toEqual([]);
  });

  it('runs the migrations as a hook before install and upgrade, with the same settings', () => {
    const job = read(`${chart}/templates/migration-job.yaml`);
    expect(job).toContain('"helm.sh/hook": pre-install,pre-upgrade');
    expect(job).toContain('["node", "apps/server/dist/cli.js", "migrate"]');
    expect(job).toContain('include "groundfloor.env"');
    expect(job).toContain('include "groundfloor.secretName"');
  });

  it('makes the Secret the Job reads before the Job: a hook of lower weight, kept on uninstall', () => {
    const weight = (file: string) => {
      const found = /"helm\.sh\/hook-weight": "(-?\d+)"/.exec(read(`${chart}/templates/${file}`));
      if (!found) throw new Error(`${file} has no hook weight`);
      return Number(found[1]);
    };
    const secret = read(`${chart}/templates/secret.yaml`);
    expect(secret).toContain('"helm.sh/hook": pre-install,pre-upgrade');
    expect(secret).toContain('"helm.sh/resource-policy": keep');
    expect(weight('secret.yaml')).toBeLessThan(weight('migration-job.yaml'));
  });

  it('refuses persistence without a claim to mount', () => {
    const deployment = read(`${chart}/templates/deployment.yaml`);
    expect(deployment).toMatch(/claimName: \{\{ required "[^"]+" \.Values\.persistence\.existingClaim \}\}/);
  });
});
