import { safeError } from '../src/middleware/error-handler';

describe('safeError', () => {
  it('keeps type, message, code and stack but drops what drivers attach', () => {
    const err = Object.assign(new Error('insert failed'), {
      code: '23502',
      query: 'INSERT INTO users (password_hash) VALUES ($1)',
      parameters: ['$argon2id$secret-hash'],
      detail: 'Failing row contains (secret-value)',
    });
    const logged = JSON.stringify(safeError(err));
    expect(logged).toContain('insert failed');
    expect(logged).toContain('23502');
    expect(logged).not.toContain('secret-hash');
    expect(logged).not.toContain('secret-value');
    expect(logged).not.toContain('INSERT INTO');
  });

  it('describes a thrown non-error without printing it', () => {
    expect(safeError({ password: 'hunter2' })).toEqual({ type: 'object', message: 'non-error thrown' });
  });
});
