export interface LogLine {
  readonly level: 'info' | 'warn' | 'error';
  readonly obj: object;
  readonly msg: string;
}

export class CapturingLogger {
  readonly lines: LogLine[] = [];
  info(obj: object, msg: string) {
    this.lines.push({ level: 'info', obj, msg });
  }
  warn(obj: object, msg: string) {
    this.lines.push({ level: 'warn', obj, msg });
  }
  error(obj: object, msg: string) {
    this.lines.push({ level: 'error', obj, msg });
  }
  text(): string {
    return JSON.stringify(this.lines);
  }
}
