import { describe, expect, it } from 'vitest';
import { BlockedTargetError, blockedReason, checkTarget, isLocalDeployment, metadataReason, targetPolicy } from './ssrf';

describe('ssrf guard', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, reserved and "this network" addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      '64:ff9b::10.0.0.1',
      '64:ff9b:1::8.8.8.8',
      '2002:7f00:1::1',
    ])
      expect(blockedReason(ip), ip).not.toBeNull();
  });

  it('lets public addresses through', () => {
    for (const ip of [
      '8.8.8.8',
      '93.184.216.34',
      '172.32.0.1',
      '100.128.0.1',
      '192.88.98.255',
      '192.88.100.0',
      '2606:4700::1111',
      '64:ff9b::808:808',
      '2002:808:808::1',
      '1:2:3:4:5:6:7.8.9.10',
    ])
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
    await expect(checkTarget(new URL('https://mixed.example.test/'), false, r)).resolves.toMatchObject({
      addresses: [{ address: '93.184.216.34' }, { address: '10.0.0.1' }],
    });
    await expect(checkTarget(new URL('https://[::1]/'), true, r)).rejects.toThrow(/loopback/);
    // The WHATWG parser turns 2130706433 and 0x7f.1 into 127.0.0.1.
    await expect(checkTarget(new URL('https://2130706433/'), true, r)).rejects.toThrow(/loopback/);
    await expect(checkTarget(new URL('https://0x7f.1/'), true, r)).rejects.toThrow(/loopback/);
  });

  it('refuses link-local and cloud metadata addresses in test mode too', async () => {
    const r = async () => [{ address: '93.184.216.34', family: 4 as const }];
    for (const url of [
      'http://169.254.169.254/',
      'http://169.254.170.2/',
      'http://100.100.100.200/',
      'http://[fd00:ec2::254]/',
      'http://[fe80::1]/',
      'http://[::ffff:169.254.169.254]/',
    ])
      await expect(checkTarget(new URL(url), false, r), url).rejects.toThrow(/metadata/);
    await expect(checkTarget(new URL('http://127.0.0.1:3000/'), false, r)).resolves.toBeTruthy();
    await expect(checkTarget(new URL('http://10.1.2.3/'), false, r)).resolves.toBeTruthy();
  });
});

describe('who may reach private addresses, and on which ports (issue 24, item 5)', () => {
  const r = async () => [{ address: '93.184.216.34', family: 4 as const }];
  const policy = (privateTargets: boolean, livePorts: readonly number[] | 'any' = [443, 8443]) => ({ privateTargets, livePorts });

  it('a local deployment is one whose BASE_URL is on loopback or plain http', () => {
    for (const base of [
      'http://localhost:3000',
      'https://localhost',
      'https://app.localhost:8443',
      'https://127.0.0.1:3000',
      'https://127.8.9.10',
      'https://[::1]:3000',
      'http://pay.example.com',
      'http://10.0.0.5:3000',
    ])
      expect(isLocalDeployment(base), base).toBe(true);
    for (const base of [
      'https://pay.example.com',
      'https://10.0.0.5',
      'https://192.168.1.2:3000',
      'https://localhost.example.com',
      'https://[::ffff:8.8.8.8]',
      'not a url',
    ])
      expect(isLocalDeployment(base), base).toBe(false);
  });

  it('WEBHOOK_PRIVATE_TARGETS decides when set; unset, the deployment being local does', () => {
    const cfg = (BASE_URL: string, WEBHOOK_PRIVATE_TARGETS?: 'allow' | 'deny') => ({ BASE_URL, WEBHOOK_PRIVATE_TARGETS, WEBHOOK_ALLOWED_PORTS: [443, 8443] });
    expect(targetPolicy(cfg('http://localhost:3000')).privateTargets).toBe(true);
    expect(targetPolicy(cfg('https://pay.example.com')).privateTargets).toBe(false);
    expect(targetPolicy(cfg('https://pay.example.com', 'allow')).privateTargets).toBe(true);
    expect(targetPolicy(cfg('http://localhost:3000', 'deny')).privateTargets).toBe(false);
  });

  it('test mode reaches loopback and private addresses only when the policy allows them; metadata never', async () => {
    for (const url of ['http://127.0.0.1:3000/', 'http://10.1.2.3/', 'http://[::1]:4000/', 'http://192.168.0.10:8080/']) {
      await expect(checkTarget(new URL(url), false, r, policy(true)), url).resolves.toBeTruthy();
      await expect(checkTarget(new URL(url), false, r, policy(false)), url).rejects.toThrow(
        /test-mode webhooks to public addresses only.*WEBHOOK_PRIVATE_TARGETS=allow/,
      );
    }
    const lan = async () => [{ address: '192.168.1.5', family: 4 as const }];
    await expect(checkTarget(new URL('http://printer.example.test/'), false, lan, policy(false))).rejects.toThrow(/192\.168\.1\.5, a private address/);
    await expect(checkTarget(new URL('http://169.254.169.254/'), false, r, policy(true))).rejects.toThrow(/metadata/);
    // A public address, on any port, in test mode.
    await expect(checkTarget(new URL('http://hooks.example.test:8080/'), false, r, policy(false))).resolves.toBeTruthy();
  });

  it('live endpoints use the allowed ports only (443 and 8443 unless the operator says otherwise)', async () => {
    for (const url of ['https://hooks.example.test/', 'https://hooks.example.test:443/', 'https://hooks.example.test:8443/'])
      await expect(checkTarget(new URL(url), true, r, policy(false)), url).resolves.toBeTruthy();
    for (const url of ['https://hooks.example.test:22/', 'https://hooks.example.test:8080/', 'https://hooks.example.test:6379/'])
      await expect(checkTarget(new URL(url), true, r, policy(false)), url).rejects.toThrow(/may only use ports 443 and 8443 on this deployment; got port/);
    await expect(checkTarget(new URL('https://hooks.example.test:9000/'), true, r, policy(false, [9000]))).resolves.toBeTruthy();
    await expect(checkTarget(new URL('https://hooks.example.test/'), true, r, policy(false, [9000]))).rejects.toThrow(/only use port 9000/);
    await expect(checkTarget(new URL('https://hooks.example.test:6379/'), true, r, policy(false, 'any'))).resolves.toBeTruthy();
    // Allowing private targets never opens them to live mode.
    await expect(checkTarget(new URL('https://127.0.0.1/'), true, r, policy(true))).rejects.toThrow(/live-mode webhooks may only reach public addresses/);
  });
});
