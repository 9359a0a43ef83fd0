import { domainToASCII } from 'node:url';
import { hostOfUrl, requireHostname } from '../src';
import { punycodeEncode } from '../src/custom-domain/punycode';

describe('punycode (RFC 3492)', () => {
  it.each([
    ['bücher', 'bcher-kva'],
    ['münchen', 'mnchen-3ya'],
    ['例え', 'r8jz45g'],
    ['пример', 'e1afmkfd'],
    // RFC 3492 §7.1 sample (A) Arabic (Egyptian) and (L) Japanese.
    ['ليهمابتكلموشعربي؟', 'egbpdaj6bu4bxfgehfvwxn'],
    ['3年B組金八先生', '3B-ww4c5e180e575a65lsy2b'],
  ])('encodes %s as %s', (label, encoded) => {
    expect(punycodeEncode(label)).toBe(encoded);
  });
});

describe('custom domain names (supplement §8)', () => {
  // Node's WHATWG URL implementation (UTS #46) is the reference the domain's own mapping must agree with.
  it.each([
    'shop.example.com',
    'SHOP.Example.COM',
    'bücher.example',
    'BÜCHER.example',
    'münchen.de',
    '例え.テスト',
    'пример.рф',
    'ｓｈｏｐ．example。com',
    'straße.example',
    'xn--bcher-kva.example',
    'XN--MNCHEN-3YA.de',
    'xn--80ak6aa92e.com',
    'a-b.c-d.example',
    'ab--c.example',
    // Ignored by UTS #46: dropped.
    'shop.ex\u00adample.com',
    'sh\u200bop.example.com',
    'shop\ufe0f.example.com',
    'shop.\ufeffexample.com',
    'sh\u2060op.ex\u034fample.com',
    'a\u180bb.example.com',
    // The zero-width non-joiner and joiner where their scripts need them.
    'نامه\u200cای.example.com',
    'क्\u200dष.example.com',
  ])('maps %s as IDNA does', (input) => {
    expect(requireHostname(input)).toBe(domainToASCII(input));
  });

  it.each([
    ['a zero-width joiner between Latin letters', 'a\u200db.example.com'],
    ['a zero-width non-joiner between Latin letters', 'a\u200cb.example.com'],
    ['a zero-width non-joiner at a label edge', 'a\u200c.example.com'],
    ['a zero-width joiner between Arabic letters', '\u0628\u200d\u0628.example.com'],
    ['a zero-width joiner after an emoji', '\u23f0\u200d.example.com'],
    ['a left-to-right mark', 'shop\u200e.example.com'],
    ['a right-to-left override', 'a\u202eb.example.com'],
    ['the Mongolian vowel separator', 'a\u180eb.example.com'],
    ['an Arabic letter mark', 'shop\u061c.example.com'],
    ['a Hangul filler', 'shop\u3164.example.com'],
    ['a private-use character', 'shop\ue000.example.com'],
    ['an unassigned code point', 'shop\u0378.example.com'],
  ])('refuses %s, as browsers do', (_what, input) => {
    expect(domainToASCII(input)).toBe('');
    expect(() => requireHostname(input)).toThrow(expect.objectContaining({ code: 'invalid_domain' }));
  });

  it.each([
    ['a right-to-left override', 'xn--ab-g4t.example.com'],
    ['a private-use character', 'xn--ab-je4l.example.com'],
    ['the Mongolian vowel separator', 'xn--ab-50o.example.com'],
    ['a soft hyphen (which maps to nothing)', 'xn--ab-5da.example.com'],
    ['a zero-width non-joiner between Latin letters', 'xn--ab-j1t.example.com'],
  ])('refuses the Punycode form of %s too, as browsers do', (_what, input) => {
    expect(domainToASCII(input)).toBe('');
    expect(() => requireHostname(input)).toThrow(expect.objectContaining({ code: 'invalid_domain' }));
  });

  it('takes 253 characters and refuses 254', () => {
    const name = (length: number) =>
      `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 192)}`;
    expect(requireHostname(name(253))).toHaveLength(253);
    expect(() => requireHostname(name(254))).toThrow(expect.objectContaining({ code: 'invalid_domain' }));
  });

  it.each([
    ['a scheme', 'https://shop.example.com'],
    ['a port', 'shop.example.com:8443'],
    ['a path', 'shop.example.com/x'],
    ['a trailing dot', 'shop.example.com.'],
    ['one label', 'shop'],
    ['an empty label', 'shop..example'],
    ['a leading hyphen', '-shop.example'],
    ['a trailing hyphen', 'shop-.example'],
    ['an underscore', '_dmarc.example.com'],
    ['a space inside', 'shop example.com'],
    ['an IPv4 address', '10.0.0.1'],
    ['an IPv6 address', '[::1]'],
    ['an xn-- label that is not Punycode', 'xn--zz.example'],
    ['an xn-- label of a control character', 'xn--a.example'],
    ['an empty xn-- label', 'xn--.example'],
    ['a label over 63 characters', `${'a'.repeat(64)}.example`],
  ])('refuses %s', (_what, input) => {
    expect(() => requireHostname(input)).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'invalid_domain' }),
    );
  });

  it.each([
    ['http://127.0.0.1:8080', '127.0.0.1'],
    ['https://Control.Example.com', 'control.example.com'],
    ['https://control.example.com:8443/base', 'control.example.com'],
    ['http://[::1]:8080', '::1'],
  ])('finds the host of %s', (url, host) => {
    expect(hostOfUrl(url)).toBe(host);
  });
});
