import { describe, expect, it } from 'vitest';
import { blockedReason, checkTarget, metadataReason, BlockedTargetError } from './ssrf';

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
    for (const ip of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '192.88.98.255', '192.88.100.0', '2606:4700::1111', '64:ff9b::808:808', '2002:808:808::1', '1:2:3:4:5:6:7.8.9.10'])
      expect(blockedReason(ip), ip).toBeNull();
  });

  it('refuses the 6to4 relay anycast range and every IPv4-mapped or IPv4-translated IPv6 address (issue 11, item 17)', () => {
    expect(blockedReason('192.88.99.1')).toMatch(/6to4 relay/);
    expect(blockedReason('2002:c058:6301::1')).toMatch(/6to4 relay.*6to4 address/); // 6to4 of 192.88.99.1
    // ::ffff:0:0/96, whatever IPv4 address it carries (a public one too: DNS never answers these).
    expect(blockedReason('::ffff:8.8.8.8')).toMatch(/IPv4-mapped/);
    expect(blockedReason('::ffff:808:808')).toMatch(/IPv4-mapped/);
    expect(blockedReason('::ffff:127.0.0.1')).toMatch(/loopback/);
    // ::ffff:0:0:0/96 (SIIT), which the old embedded-address check did not know.
    expect(blockedReason('::ffff:0:7f00:1')).toMatch(/loopback.*IPv4-translated/);
    expect(blockedReason('::ffff:0:a9fe:a9fe')).toMatch(/link-local/);
    expect(blockedReason('::ffff:0:808:808')).toMatch(/IPv4-translated/);
    expect(metadataReason('::ffff:0:169.254.169.254')).toMatch(/metadata/);
    expect(metadataReason('2002:a9fe:a9fe::1')).toMatch(/metadata/);
    expect(metadataReason('8.8.8.8')).toBeNull();
    expect(blockedReason('not-an-ip')).toBe('not an IP address');
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
