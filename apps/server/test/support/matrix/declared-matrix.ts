import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The callers of docs/authorization.md, in column order. */
export const CALLERS = [
  'anon',
  'operator',
  'o:owner',
  'o:admin',
  'o:billing',
  'o:writer',
  'o:member',
  'o:partner',
  'w:owner',
  'w:admin',
  'w:writer',
  'w:member',
  'w:partner',
  'pending',
  'expired',
  'outsider',
  'm2m',
  'm2m:secrets',
  'workload',
  'app_user',
] as const;
export type CallerName = (typeof CALLERS)[number];

/** `allowed`: any 2xx; otherwise the exact status. */
export type Expectation = 'allowed' | number;

export interface MatrixRow {
  /** `GET /v1/things/{id}`, plus ` [variant]` when one route has several rows. */
  readonly key: string;
  readonly method: string;
  /** OpenAPI-style path, `{name}` parameters. */
  readonly path: string;
  readonly variant: string | null;
  readonly cells: Readonly<Record<CallerName, Expectation>>;
}

const ROOT = path.resolve(__dirname, '../../../../..');
export const MATRIX_FILE = path.join(ROOT, 'docs/authorization.md');

/**
 * Reads the declared table of docs/authorization.md: the one table whose
 * header starts with `| Route |`. Throws on any malformed row or cell, so a
 * typo in the document fails loudly instead of testing nothing.
 */
export function readDeclaredMatrix(file = MATRIX_FILE): MatrixRow[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith('| Route |'));
  if (start < 0) throw new Error(`${file}: no table headed "| Route |"`);
  const header = cellsOf(lines[start] as string)
    .slice(1)
    .map((c) => c.replace(/`/g, ''));
  if (header.join(',') !== CALLERS.join(',')) {
    throw new Error(`${file}: the columns must be ${CALLERS.join(', ')}; found ${header.join(', ')}`);
  }
  const rows: MatrixRow[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [first, ...values] = cellsOf(line);
    const key = (first ?? '').replace(/`/g, '');
    const match = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)(?: \[([a-z-]+)\])?$/.exec(key);
    if (!match) throw new Error(`${file}: "${key}" is not "METHOD /path" or "METHOD /path [variant]"`);
    if (values.length !== CALLERS.length) throw new Error(`${file}: ${key} has ${values.length} cells`);
    const cells = {} as Record<CallerName, Expectation>;
    CALLERS.forEach((caller, i) => {
      cells[caller] = expectation(values[i] as string, `${key} / ${caller}`);
    });
    rows.push({
      key,
      method: match[1] as string,
      path: match[2] as string,
      variant: match[3] ?? null,
      cells,
    });
  }
  const keys = rows.map((r) => r.key);
  const repeated = keys.filter((k, i) => keys.indexOf(k) !== i);
  if (repeated.length > 0) throw new Error(`${file}: rows declared twice: ${repeated.join(', ')}`);
  return rows;
}

function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());
}

function expectation(cell: string, where: string): Expectation {
  if (cell === '✓') return 'allowed';
  if (/^[1-5]\d\d$/.test(cell)) return Number(cell);
  throw new Error(`docs/authorization.md: cell "${cell}" at ${where} is neither ✓ nor a status`);
}
