import { describe, expect, it } from 'vitest';
import { blockedReason, checkTarget, ipv6Bytes, BlockedTargetError } from './ssrf';

describe('ssrf guard', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, reserved and "this network" addresses', () => {
    for (const ip of [
      '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
      '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1',
      '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1',
      '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '::127.0.0.1', '64:ff9b::10.0.0.1', '64:ff9b:1::8.8.8.8', '2002:7f00:1::1',
    ])
      expect(blockedReason(ip), ip).not.toBeNull();
  });

  it('lets public addresses through', () => {
    for (const ip of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])
      expect(blockedReason(ip), ip).toBeNull();
  });

  it('parses IPv6 forms', () => {
    expect(ipv6Bytes('::1')).toEqual([...Array(15).fill(0), 1]);
    expect(ipv6Bytes('::ffff:1.2.3.4')).toEqual([...Array(10).fill(0), 255, 255, 1, 2, 3, 4]);
    expect(ipv6Bytes('2001:db8::8:1')).toEqual([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 1]);
    expect(ipv6Bytes('1:2:3:4:5:6:7.8.9.10')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 7, 8, 9, 10]);
  });

  it('checks every address a hostname resolves to, in live mode only', async () => {
    const r = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '10.0.0.1', family: 4 as const },
    ];
    await expect(checkTarget(new URL('https://mixed.example.test/'), true, r)).rejects.toBeInstanceOf(BlockedTargetError);
    await expect(checkTarget(new URL('https://mixed.example.test/'), false, r)).resolves.toMatchObject({ addresses: [{ address: '93.184.216.34' }, { address: '10.0.0.1' }] });
    await expect(checkTarget(new URL('https://[::1]/'), true, r)).rejects.toThrow(/loopback/);
    // The WHATWG parser turns 2130706433 and 0x7f.1 into 127.0.0.1.
    await expect(checkTarget(new URL('https://2130706433/'), true, r)).rejects.toThrow(/loopback/);
    await expect(checkTarget(new URL('https://0x7f.1/'), true, r)).rejects.toThrow(/loopback/);
  });

  it('refuses link-local and cloud metadata addresses in test mode too', async () => {
    const r = async () => [{ address: '93.184.216.34', family: 4 as const }];
    for (const url of ['http://169.254.169.254/', 'http://169.254.170.2/', 'http://100.100.100.200/', 'http://[fd00:ec2::254]/', 'http://[fe80::1]/', 'http://[::ffff:169.254.169.254]/'])
      await expect(checkTarget(new URL(url), false, r), url).rejects.toThrow(/metadata/);
    await expect(checkTarget(new URL('http://127.0.0.1:3000/'), false, r)).resolves.toBeTruthy();
    await expect(checkTarget(new URL('http://10.1.2.3/'), false, r)).resolves.toBeTruthy();
  });
});
