import { parseSmtpUrl } from '../src';

describe('parseSmtpUrl', () => {
  it.each([
    [
      'smtp://user:pass@mail.test:587',
      { host: 'mail.test', port: 587, secure: false, auth: { user: 'user', pass: 'pass' } },
    ],
    [
      'smtps://user:pass@mail.test:465',
      { host: 'mail.test', port: 465, secure: true, auth: { user: 'user', pass: 'pass' } },
    ],
    ['smtp://mail.test', { host: 'mail.test', port: 587, secure: false }],
    ['smtps://mail.test/', { host: 'mail.test', port: 465, secure: true }],
    ['smtp://127.0.0.1:2525', { host: '127.0.0.1', port: 2525, secure: false }],
    ['smtp://[::1]:25', { host: '::1', port: 25, secure: false }],
    [
      'smtp://me%40corp.test:p%40ss%3Aw%2Frd@mail.test',
      { host: 'mail.test', port: 587, secure: false, auth: { user: 'me@corp.test', pass: 'p@ss:w/rd' } },
    ],
  ])('parses %s', (url, expected) => {
    expect(parseSmtpUrl(url)).toEqual(expected);
  });

  it.each([
    ['not a url', 'is not a valid URL'],
    ['http://user:hunter2@mail.test', 'must start with smtp:// or smtps://'],
    ['user:hunter2@mail.test', 'must start with smtp:// or smtps://'],
    ['smtp://user:hunter2@', 'is not a valid URL'],
    ['smtp:mail.test', 'has no host'],
    ['smtp://user:hunter2@mail.test:0', 'has a port outside 1-65535'],
    ['smtp://user:hunter2@mail.test:99999', 'is not a valid URL'],
    ['smtp://user:hunter2@mail.test/x', 'must not have a path'],
    ['smtp://user:hun?ter2@mail.test', 'is not a valid URL'],
    ['smtp://user:hunter2@mail.test?pool=true', 'takes no query'],
    ['smtp://user:hunter2@mail.test#x', 'takes no query or fragment'],
    ['smtp://user@mail.test', 'needs both a user name and a password'],
    ['smtp://user:hunter2%zz@mail.test', 'broken %-escape'],
  ])('rejects %s with one clear line naming SMTP_URL and no credentials', (url, problem) => {
    let message = '';
    try {
      parseSmtpUrl(url);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^SMTP_URL /);
    expect(message).toContain(problem);
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('\n');
  });
});
