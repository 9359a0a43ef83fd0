import { addressBucket } from '../src';

describe('the address a per-address limit counts', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:192.0.2.1', '192.0.2.1'],
    ['2001:db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:FFFF::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['not an address', 'not an address'],
    ['1:2:3', '1:2:3'],
    ['1::2::3', '1::2::3'],
    ['', 'unknown'],
    [null, 'unknown'],
  ])('%s counts as %s', (ip, expected) => {
    expect(addressBucket(ip)).toBe(expected);
  });
});
