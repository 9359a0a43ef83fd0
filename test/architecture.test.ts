import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
// Every package but the core and its test kit is an adapter (the generated API client included).
const ADAPTERS = readdirSync(path.join(root, 'packages')).filter(
  (name) =>
    !['domain', 'testkit'].includes(name) && statSync(path.join(root, 'packages', name)).isDirectory(),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory())
      return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

/** Every module specifier a file imports or re-exports (static, dynamic and require). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1] as string);
  return found;
}

describe('architecture', () => {
  it('the domain imports nothing but itself', () => {
    const domainDir = path.join(root, 'packages/domain');
    const offenders = sourceFiles(path.join(domainDir, 'src')).flatMap((file) =>
      importsOf(file)
        .filter(
          (spec) => !spec.startsWith('.') || !path.resolve(path.dirname(file), spec).startsWith(domainDir),
        )
        .map((spec) => `${path.relative(root, file)} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the domain package declares no dependencies', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'packages/domain/package.json'), 'utf8'));
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it.each(ADAPTERS)('adapter %s imports no other adapter', (adapter) => {
    const others = ADAPTERS.filter((a) => a !== adapter);
    const offenders = sourceFiles(path.join(root, 'packages', adapter, 'src')).flatMap((file) =>
      importsOf(file)
        .filter((spec) => others.some((o) => spec === `@groundfloor/${o}` || spec.includes(`/${o}/`)))
        .map((spec) => `${path.relative(root, file)} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('only the composition root imports inversify', () => {
    const offenders = ['domain', 'testkit', ...ADAPTERS].flatMap((pkg) =>
      sourceFiles(path.join(root, 'packages', pkg, 'src')).flatMap((file) =>
        importsOf(file)
          .filter((spec) => spec === 'inversify' || spec.startsWith('@inversifyjs/'))
          .map((spec) => `${path.relative(root, file)} imports ${spec}`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
