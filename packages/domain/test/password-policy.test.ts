import { requirePasswordPolicy } from '../src';

describe('password policy (supplement §3: 8 to 128 characters)', () => {
  it.each([
    ['7 characters', 'a'.repeat(7), false],
    ['8 characters', 'a'.repeat(8), true],
    ['128 characters', 'a'.repeat(128), true],
    ['129 characters', 'a'.repeat(129), false],
    ['8 emoji (16 UTF-16 units)', '🔑'.repeat(8), true],
    ['7 emoji (14 UTF-16 units)', '🔑'.repeat(7), false],
    ['128 emoji (256 UTF-16 units)', '🔑'.repeat(128), true],
  ])('%s', (_label, password, ok) => {
    const check = () => requirePasswordPolicy(password, 'new_password');
    if (ok) expect(check).not.toThrow();
    else
      expect(check).toThrow(
        expect.objectContaining({
          code: 'invalid_password',
          kind: 'invalid',
          fieldErrors: [expect.objectContaining({ field: 'new_password' })],
        }),
      );
  });
});
