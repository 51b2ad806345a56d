import { describe, expect, test } from 'vitest';
import { clientKey, networkKey } from './client-key';

describe('clientKey (security review F1)', () => {
  test('an IPv4 address is its own key', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  });

  test('an IPv4-mapped IPv6 address counts as the IPv4 address, in either spelling', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  test('IPv6 addresses of one /64 share a key; another /64 has its own', () => {
    expect(clientKey('2001:db8:77::1')).toBe('2001:db8:77:0::/64');
    expect(clientKey('2001:db8:77::2')).toBe(clientKey('2001:db8:77::1'));
    expect(clientKey('2001:0DB8:0077:0000:ffff:ffff:ffff:ffff')).toBe(clientKey('2001:db8:77::1'));
    expect(clientKey('2001:db8:77:1::1')).not.toBe(clientKey('2001:db8:77::1'));
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  test('is idempotent, and leaves anything that is not an address alone', () => {
    for (const ip of ['203.0.113.7', '::ffff:203.0.113.7', '2001:db8:77::1', 'not-an-ip'])
      expect(clientKey(clientKey(ip))).toBe(clientKey(ip));
  });
});

describe('networkKey (security review N5)', () => {
  test('IPv4 by /24, IPv6 by /48', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkKey('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    expect(networkKey('2001:db8:77:5::1')).toBe('2001:db8:77::/48');
    expect(networkKey('2001:db8:77:ffff::1')).toBe(networkKey('2001:db8:77::9'));
    expect(networkKey('2001:db8:78::1')).not.toBe(networkKey('2001:db8:77::1'));
  });
});
