import { requireEmail } from '../src/shared/text';

describe('email addresses (one mailbox, stored as the mail reaches it)', () => {
  it.each(['ann@example.com', 'Ann.Lee+ops@Example.COM', "o'brien@example.co.uk"])('takes %s', (email) => {
    expect(requireEmail(email)).toBe(email.trim().toLowerCase());
  });

  it.each([
    '<x@evil.com>',
    'attacker@evil.com,',
    'postmaster,attacker@evil.com',
    'grp:attacker@evil.com;',
    'a"b@evil.com',
    'attacker@evil.com>x',
    'a(b)@evil.com',
    'a b@evil.com',
    'a@b@evil.com',
    'no-at-sign.example.com',
  ])('refuses %j (422 invalid_email): it names a list, a group or a route, not one mailbox', (email) => {
    expect(() => requireEmail(email)).toThrow(expect.objectContaining({ code: 'invalid_email' }));
  });
});
