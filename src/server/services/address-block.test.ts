import { describe, expect, it } from 'vitest';
import { addressBlock } from './address-block';

describe('addressBlock', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressBlock('203.0.113.7')).toBe('203.0.113.7');
  });

  it('gives every address of one IPv6 /64 the same key, however it is written', () => {
    const key = '2001:db8:0:1::/64';
    expect(addressBlock('2001:db8:0:1::1')).toBe(key);
    expect(addressBlock('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe(key);
    expect(addressBlock('2001:0DB8:0000:0001:0000:0000:0000:0002')).toBe(key);
    expect(addressBlock('2001:db8::1:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressBlock('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('tells neighbouring /64 networks apart', () => {
    expect(addressBlock('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(addressBlock('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });

  it('keys the loopback and the unspecified address by their /64', () => {
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
    expect(addressBlock('::')).toBe('0:0:0:0::/64');
  });

  it('keys an IPv4-mapped IPv6 address by its IPv4 address, in either notation', () => {
    expect(addressBlock('::ffff:198.51.100.20')).toBe('198.51.100.20');
    expect(addressBlock('::FFFF:c633:6414')).toBe('198.51.100.20');
    expect(addressBlock('0:0:0:0:0:ffff:198.51.100.20')).toBe('198.51.100.20');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(addressBlock('unknown')).toBe('unknown');
  });
});
