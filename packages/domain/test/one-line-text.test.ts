import { requireEnvironmentName, requireName } from '../src';

/*
 * "One line" (names, ticket subjects, labels): every line break Unicode
 * names is one, not only CR and LF, since an email header or a browser
 * may end a line at any of them.
 */
describe('one-line text', () => {
  const breaks = ['\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029'];

  it.each(breaks.map((b) => [JSON.stringify(b), b]))('refuses a name broken by %s', (_shown, lineBreak) => {
    expect(() => requireName(`Acme${lineBreak}Corp`)).toThrow(
      expect.objectContaining({ code: 'invalid_name' }),
    );
    expect(() => requireEnvironmentName(`qa${lineBreak}eu`)).toThrow(
      expect.objectContaining({ code: 'invalid_environment_name' }),
    );
  });

  it('keeps a name on one line as written, trimmed', () => {
    expect(requireName('  Acme Corp \u00b7 EU ')).toBe('Acme Corp \u00b7 EU');
  });
});
