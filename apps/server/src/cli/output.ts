/** Writes results either as plain lines for people or as one JSON document for scripts. */
export interface Output {
  readonly json: boolean;
  /** One result: a JSON value with `--json`, else the lines `text` makes of it. */
  result<T>(value: T, text: (value: T) => string[]): void;
  /** Progress and notes for people; stderr, so `--json` output stays parseable. */
  note(line: string): void;
}

export function createOutput(
  json: boolean,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Output {
  return {
    json,
    result(value, text) {
      if (json) out.write(`${JSON.stringify(value, null, 2)}\n`);
      else for (const line of text(value)) out.write(`${line}\n`);
    },
    note(line) {
      err.write(`${line}\n`);
    },
  };
}
