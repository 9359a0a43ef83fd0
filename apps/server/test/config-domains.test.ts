import { ConfigError, loadConfig } from '../src/config';

describe('configuration: cname_target of custom domains', () => {
  it('defaults to the host of PUBLIC_BASE_URL', () => {
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://control.example.com:8443/' }).domainCnameTarget).toBe(
      'control.example.com',
    );
  });

  it('takes DOMAIN_CNAME_TARGET in lowercase without a trailing dot', () => {
    expect(loadConfig({ DOMAIN_CNAME_TARGET: 'Apps.Example.NET.' }).domainCnameTarget).toBe(
      'apps.example.net',
    );
  });

  it.each(['https://apps.example.net', 'apps', 'apps.example.net:443', 'bad_name.example.net'])(
    'stops at start when DOMAIN_CNAME_TARGET is %s',
    (value) => {
      expect(() => loadConfig({ DOMAIN_CNAME_TARGET: value })).toThrow(ConfigError);
    },
  );
});
