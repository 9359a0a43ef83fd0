/*
 * A reference backtracking matcher that counts its steps, so a test can show
 * that a pattern's work grows linearly with its input without timing it.
 *
 * JavaScript's engine (V8's irregexp) is a backtracking matcher: for a search
 * it tries each start position, and at each it explores alternatives and
 * quantifier lengths depth first. This file does the same, over the same
 * pattern source, and counts one step per character it reads and per
 * backtrack it takes. Its counts are not V8's, but they differ by a constant
 * factor at most, so a pattern whose count grows quadratically here does so
 * in V8 too. The test that uses it also checks that it finds the same matches
 * as V8 on every sample, so it runs the same patterns, not look-alikes.
 *
 * It reads the syntax the secret detector and the audit redaction use:
 * literals and escapes, classes, `.`, `\b`/`\B`, `^`/`$` (no `m` flag),
 * groups, alternation, greedy and lazy quantifiers, lookahead, fixed-width
 * lookbehind, back-references, and the `i` flag. Anything else throws, so a
 * pattern it cannot read fails the test instead of passing unmeasured.
 */

type CharTest = (c: string) => boolean;

type Node =
  | { t: 'char'; test: CharTest }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; options: Node[] }
  | { t: 'group'; body: Node; capture?: number }
  | { t: 'repeat'; body: Node; min: number; max: number; greedy: boolean }
  | { t: 'assert'; kind: '^' | '$' | 'b' | 'B' }
  | { t: 'look'; body: Node; behind: boolean; negate: boolean; width: number }
  | { t: 'backref'; index: number };

const isWord = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);
const isLineEnd = (c: string) => c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029';

const ESCAPE_CLASSES: Record<string, CharTest> = {
  s: (c) => /\s/.test(c),
  S: (c) => !/\s/.test(c),
  d: (c) => c >= '0' && c <= '9',
  D: (c) => !(c >= '0' && c <= '9'),
  w: (c) => isWord(c),
  W: (c) => !isWord(c),
};
const ESCAPE_LITERALS: Record<string, string> = { n: '\n', r: '\r', t: '\t', f: '\f', v: '\v', '0': '\0' };

class Parser {
  private at = 0;
  captures = 0;
  constructor(
    private readonly src: string,
    private readonly ignoreCase: boolean,
  ) {}

  parse(): Node {
    const node = this.alternation();
    if (this.at !== this.src.length) this.fail('unexpected )');
    return node;
  }

  private fail(why: string): never {
    throw new Error(`backtracking meter cannot read /${this.src}/ at ${this.at}: ${why}`);
  }

  private peek(offset = 0) {
    return this.src[this.at + offset];
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.at++;
      options.push(this.sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { t: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      items.push(this.quantified(this.atom()));
    }
    return { t: 'seq', items };
  }

  private quantified(body: Node): Node {
    let min: number;
    let max: number;
    const c = this.peek();
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.at));
      if (!m) return body;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.at += m[0].length - 1;
    } else return body;
    this.at++;
    const greedy = this.peek() !== '?';
    if (!greedy) this.at++;
    if (body.t === 'assert' || body.t === 'look') this.fail('quantified assertion');
    return { t: 'repeat', body, min, max, greedy };
  }

  private atom(): Node {
    const c = this.src[this.at++] as string;
    if (c === '(') return this.group();
    if (c === '[') return this.charClass();
    if (c === '.') return { t: 'char', test: (x) => !isLineEnd(x) };
    if (c === '^' || c === '$') return { t: 'assert', kind: c };
    if (c === '\\') return this.escape();
    if ('*+?'.includes(c)) this.fail('nothing to repeat');
    return this.literal(c);
  }

  private literal(c: string): Node {
    if (!this.ignoreCase) return { t: 'char', test: (x) => x === c };
    const lower = c.toLowerCase();
    return { t: 'char', test: (x) => x.toLowerCase() === lower };
  }

  private escape(): Node {
    const c = this.src[this.at++];
    if (c === undefined) this.fail('trailing backslash');
    if (c === 'b' || c === 'B') return { t: 'assert', kind: c };
    const cls = ESCAPE_CLASSES[c];
    if (cls) return { t: 'char', test: cls };
    if (/[1-9]/.test(c)) return { t: 'backref', index: Number(c) };
    if (/[a-zA-Z]/.test(c) && !(c in ESCAPE_LITERALS)) this.fail(`escape \\${c}`);
    return this.literal(ESCAPE_LITERALS[c] ?? c);
  }

  private group(): Node {
    let capture: number | undefined;
    let look: { behind: boolean; negate: boolean } | undefined;
    if (this.peek() === '?') {
      const kind = this.src.slice(this.at, this.at + 3);
      if (kind.startsWith('?:')) this.at += 2;
      else if (kind.startsWith('?=') || kind.startsWith('?!')) {
        look = { behind: false, negate: kind[1] === '!' };
        this.at += 2;
      } else if (kind === '?<=' || kind === '?<!') {
        look = { behind: true, negate: kind[2] === '!' };
        this.at += 3;
      } else this.fail('group kind');
    } else capture = ++this.captures;
    const body = this.alternation();
    if (this.src[this.at++] !== ')') this.fail('missing )');
    if (!look) return { t: 'group', body, capture };
    const width = look.behind ? fixedWidth(body) : 0;
    if (width === undefined) this.fail('lookbehind of varying width');
    return { t: 'look', body, ...look, width };
  }

  private charClass(): Node {
    const negate = this.peek() === '^';
    if (negate) this.at++;
    const parts: CharTest[] = [];
    while (this.peek() !== ']') {
      if (this.at >= this.src.length) this.fail('missing ]');
      const from = this.classAtom();
      if (typeof from === 'string' && this.peek() === '-' && this.peek(1) !== ']') {
        this.at++;
        const to = this.classAtom();
        if (typeof to !== 'string') this.fail('range to a class');
        parts.push((x) => x >= from && x <= to);
      } else parts.push(typeof from === 'string' ? (x) => x === from : from);
    }
    this.at++;
    const inClass = (x: string) => parts.some((p) => p(x));
    const folded = this.ignoreCase
      ? (x: string) => inClass(x) || inClass(x.toLowerCase()) || inClass(x.toUpperCase())
      : inClass;
    return { t: 'char', test: negate ? (x) => !folded(x) : folded };
  }

  /** One character of a class, or a class escape such as `\s`. */
  private classAtom(): string | CharTest {
    const c = this.src[this.at++] as string;
    if (c !== '\\') return c;
    const e = this.src[this.at++] as string;
    const cls = ESCAPE_CLASSES[e];
    if (cls) return cls;
    if (e === 'b') return '\b';
    if (/[a-zA-Z]/.test(e) && !(e in ESCAPE_LITERALS)) this.fail(`escape \\${e} in a class`);
    return ESCAPE_LITERALS[e] ?? e;
  }
}

/** The width of a node that always matches the same number of characters, else undefined. */
function fixedWidth(node: Node): number | undefined {
  switch (node.t) {
    case 'char':
      return 1;
    case 'assert':
    case 'look':
      return 0;
    case 'group':
      return fixedWidth(node.body);
    case 'seq': {
      let sum = 0;
      for (const item of node.items) {
        const w = fixedWidth(item);
        if (w === undefined) return undefined;
        sum += w;
      }
      return sum;
    }
    case 'alt': {
      const widths = new Set(node.options.map(fixedWidth));
      return widths.size === 1 ? [...widths][0] : undefined;
    }
    case 'repeat': {
      const w = fixedWidth(node.body);
      return node.min === node.max && w !== undefined ? w * node.min : undefined;
    }
    default:
      return undefined;
  }
}

type Captures = (readonly [number, number] | undefined)[];
type Next = (pos: number, caps: Captures) => boolean;

/** The matches a global search finds, and the steps it took. */
export interface Metered {
  readonly steps: number;
  readonly matches: readonly { readonly index: number; readonly text: string }[];
}

class Matcher {
  steps = 0;
  constructor(private readonly text: string) {}

  match(node: Node, pos: number, caps: Captures, next: Next): boolean {
    this.steps++;
    const text = this.text;
    switch (node.t) {
      case 'char': {
        const c = text[pos];
        return c !== undefined && node.test(c) && next(pos + 1, caps);
      }
      case 'seq':
        return this.sequence(node.items, 0, pos, caps, next);
      case 'alt':
        return node.options.some((option) => this.match(option, pos, caps, next));
      case 'group':
        return this.match(node.body, pos, caps, (end, inner) => {
          if (node.capture === undefined) return next(end, inner);
          const withThis = [...inner];
          withThis[node.capture] = [pos, end];
          return next(end, withThis);
        });
      case 'assert':
        return this.holds(node.kind, pos) && next(pos, caps);
      case 'look': {
        const from = node.behind ? pos - node.width : pos;
        let found: Captures | undefined;
        const matched =
          from >= 0 &&
          this.match(node.body, from, caps, (end, inner) => {
            if (node.behind && end !== pos) return false;
            found = inner;
            return true;
          });
        if (matched === node.negate) return false;
        return next(pos, node.negate ? caps : (found ?? caps));
      }
      case 'backref': {
        const end = this.once(node, pos, caps);
        return end >= 0 && next(end, caps);
      }
      case 'repeat':
        return node.body.t === 'char' || node.body.t === 'backref'
          ? this.repeatSimple(node, pos, caps, next)
          : this.repeat(node, 0, pos, caps, next);
    }
  }

  private sequence(items: Node[], i: number, pos: number, caps: Captures, next: Next): boolean {
    const item = items[i];
    if (!item) return next(pos, caps);
    return this.match(item, pos, caps, (p, c) => this.sequence(items, i + 1, p, c, next));
  }

  private holds(kind: '^' | '$' | 'b' | 'B', pos: number): boolean {
    if (kind === '^') return pos === 0;
    if (kind === '$') return pos === this.text.length;
    const boundary = isWord(this.text[pos - 1]) !== isWord(this.text[pos]);
    return kind === 'b' ? boundary : !boundary;
  }

  /** Where one iteration of a body that can match only one way ends, or -1: a character or a back-reference. */
  private once(body: Node, pos: number, caps: Captures): number {
    if (body.t === 'char') {
      const c = this.text[pos];
      return c !== undefined && body.test(c) ? pos + 1 : -1;
    }
    if (body.t !== 'backref') return -1;
    const span = caps[body.index];
    const s = span ? this.text.slice(span[0], span[1]) : '';
    this.steps += s.length;
    return this.text.startsWith(s, pos) ? pos + s.length : -1;
  }

  /** A quantified character or back-reference, as V8 runs it: read the run once, then give back one at a time. */
  private repeatSimple(
    node: { body: Node; min: number; max: number; greedy: boolean },
    pos: number,
    caps: Captures,
    next: Next,
  ): boolean {
    const ends = [pos];
    const extend = () => {
      this.steps++;
      const from = ends[ends.length - 1] as number;
      const end = ends.length - 1 < node.max ? this.once(node.body, from, caps) : -1;
      // An iteration that matches nothing ends the loop, as in JavaScript.
      if (end <= from) return false;
      ends.push(end);
      return true;
    };
    if (node.greedy) {
      while (extend());
      for (let n = ends.length - 1; n >= node.min; n--) {
        this.steps++;
        if (next(ends[n] as number, caps)) return true;
      }
      return false;
    }
    for (let n = 0; ; n++) {
      this.steps++;
      if (n >= node.min && next(ends[n] as number, caps)) return true;
      if (!extend()) return false;
    }
  }

  private repeat(
    node: { body: Node; min: number; max: number; greedy: boolean },
    count: number,
    pos: number,
    caps: Captures,
    next: Next,
  ): boolean {
    // An iteration past the minimum that matches nothing ends the loop, as in JavaScript.
    const again = () =>
      count < node.max &&
      this.match(
        node.body,
        pos,
        caps,
        (p, c) => (p !== pos || count < node.min) && this.repeat(node, count + 1, p, c, next),
      );
    if (count < node.min) return again();
    return node.greedy ? again() || next(pos, caps) : next(pos, caps) || again();
  }
}

/**
 * Runs a global search of `pattern` over `text` (every match, as `matchAll`
 * does; a plain `test` does no more work than this) and counts the steps.
 */
export function meterSearch(pattern: RegExp, text: string): Metered {
  if (/[msuyvd]/.test(pattern.flags)) throw new Error(`backtracking meter: flags ${pattern.flags}`);
  const parser = new Parser(pattern.source, pattern.flags.includes('i'));
  const root = parser.parse();
  const matcher = new Matcher(text);
  const matches: { index: number; text: string }[] = [];
  let start = 0;
  while (start <= text.length) {
    matcher.steps++;
    let end = -1;
    if (
      matcher.match(root, start, [], (p) => {
        end = p;
        return true;
      })
    ) {
      matches.push({ index: start, text: text.slice(start, end) });
      start = end > start ? end : start + 1;
    } else start++;
  }
  return { steps: matcher.steps, matches };
}
