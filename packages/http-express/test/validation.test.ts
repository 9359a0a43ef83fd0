import { DomainError } from '@groundfloor/domain';
import { LogoutDto } from '../src/dto/auth.dto';
import { parseBody } from '../src/validation';

describe('parseBody', () => {
  it('accepts a well-formed body', () => {
    expect(parseBody(LogoutDto, { refresh_token: 'abc' }).refresh_token).toBe('abc');
  });
  it('rejects unknown fields with 422 naming the field', () => {
    try {
      parseBody(LogoutDto, { refresh_token: 'abc', extra: 1 });
      throw new Error('expected a failure');
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).kind).toBe('invalid');
      expect((e as DomainError).fieldErrors).toEqual([{ field: 'extra', message: 'unknown field' }]);
    }
  });
  it('rejects a wrong type', () => {
    expect(() => parseBody(LogoutDto, { refresh_token: 5 })).toThrow(DomainError);
  });
  it('rejects a well-formed body that is not an object as invalid (422)', () => {
    expect(() => parseBody(LogoutDto, [])).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'invalid_body' }),
    );
  });
});
