import { DomainError, invalid } from '@groundfloor/domain';
import { parseBody } from './validation';

type Ctor<T> = new () => T;

/**
 * A block of a body (`mail`, `host`, …) parsed with its own DTO, so that
 * every field error names the block: `mail.port`, not `port`.
 */
export function parseBlock<T extends object>(dto: Ctor<T>, value: unknown, block: string): T {
  try {
    return parseBody(dto, value);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (err.code === 'invalid_body')
      throw invalid('validation_failed', `${block}: must be an object`, [
        { field: block, message: 'must be an object' },
      ]);
    const fields = err.fieldErrors.map((f) => ({ field: `${block}.${f.field}`, message: f.message }));
    throw invalid('validation_failed', fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields);
  }
}
