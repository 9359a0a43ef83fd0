import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const markdown = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('docs', f)),
];

/** Relative link targets of a markdown file (web addresses and in-page anchors aside). */
function relativeLinks(file: string): string[] {
  return [...read(file).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => (m[1] as string).split('#')[0] as string)
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

/** The variables of the README's configuration table (its first column). */
function configurationTable(): string[] {
  const section = read('README.md').split('## Configuration')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) =>
      [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] as string),
    );
}

// The README and docs/ must stand on their own in a clone.
describe('README and docs', () => {
  it.each(markdown)('%s links only to files inside the repository that exist', (file) => {
    for (const target of relativeLinks(file)) {
      const resolved = path.resolve(root, path.dirname(file), target);
      expect({ target, inside: resolved.startsWith(`${root}${path.sep}`) || resolved === root }).toEqual({
        target,
        inside: true,
      });
      expect({ target, exists: existsSync(resolved) }).toEqual({ target, exists: true });
    }
  });

  it('the configuration table names every variable the server reads, and .env.example lists each', () => {
    const table = configurationTable();
    const read_ = [...read('apps/server/src/config.ts').matchAll(/'([A-Z][A-Z0-9_]{2,})'/g)].map((m) => m[1]);
    expect(new Set(table)).toEqual(new Set(read_));
    const example = read('.env.example');
    for (const name of table)
      expect({ name, listed: new RegExp(`^# ${name}=`, 'm').test(example) }).toEqual({ name, listed: true });
  });

  it('ships the license package.json names', () => {
    const pkg = JSON.parse(read('package.json')) as { license: string };
    expect(pkg.license).toBe('Apache-2.0');
    expect(read('LICENSE')).toMatch(/Apache License\s+Version 2\.0, January 2004/);
  });
});
