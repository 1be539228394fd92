import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './private-address';

describe('isPrivateAddress', () => {
  it.each([
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['127.0.0.1', true],
    ['169.254.169.254', true],
    ['0.0.0.0', true],
    ['100.64.0.1', true],
    ['93.184.216.34', false],
    ['8.8.8.8', false],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fe80::1%eth0', true],
    ['fd00::5', true],
    ['2606:4700::1111', false],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a9fe:a9fe', true],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::10.0.0.1', true],
    ['64:ff9b::808:808', false],
    ['[::1]', true],
    ['example.com', false],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});
