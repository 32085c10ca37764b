// The SSRF guard: a live-mode webhook must not reach the operator's own network (loopback,
// private, link-local, CGNAT, multicast, reserved ranges, and IPv6 forms that embed them).
// The hostname is resolved and every address checked, at creation and again before each
// delivery; the delivery then connects to the address that was checked (no DNS rebinding).
// Test-mode endpoints may target loopback and private addresses, so a developer can receive on
// localhost; link-local and cloud metadata addresses are refused in every mode.
import dns from 'node:dns';
import net from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a hostname to all its addresses. Tests replace it (setResolver). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const DNS_TIMEOUT_MS = 5_000;

export const systemResolver: Resolver = async (hostname) => {
  const lookup = dns.promises.lookup(hostname, { all: true, verbatim: true });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`DNS lookup of ${hostname} timed out`)), DNS_TIMEOUT_MS);
  });
  try {
    const rows = await Promise.race([lookup, timeout]);
    return rows.map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));
  } finally {
    clearTimeout(timer);
  }
};

let currentResolver: Resolver = systemResolver;

export function resolver(): Resolver {
  return currentResolver;
}

/** For tests: make "hooks.example.com" resolve to what the case needs. `undefined` restores DNS. */
export function setResolver(r: Resolver | undefined): void {
  currentResolver = r ?? systemResolver;
}

/** `[::1]` -> `::1`; URL.hostname keeps the brackets of IPv6 literals. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** Resolve a URL's host: an IP literal is its own answer. */
export async function resolveHost(hostname: string, r: Resolver = currentResolver): Promise<ResolvedAddress[]> {
  const host = bareHost(hostname);
  const kind = net.isIP(host);
  if (kind) return [{ address: host, family: kind === 6 ? 6 : 4 }];
  const out = await r(host);
  if (!out.length) throw new Error(`${host} has no address`);
  return out;
}

const V4_BLOCKED: [string, number, string][] = [
  ['0.0.0.0', 8, 'a "this network" address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];

const V6_BLOCKED: [string, number, string][] = [
  ['::', 128, 'the unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['fc00::', 7, 'a private (unique local) address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a site-local address'],
  ['ff00::', 8, 'a multicast address'],
  ['2001:db8::', 32, 'a documentation address'],
  ['2001::', 32, 'a Teredo tunnel address'],
  ['100::', 64, 'a discard-only address'],
  ['64:ff9b:1::', 48, 'a local-use NAT64 address (it reaches private networks)'],
];

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function inV4(ip: string, base: string, bits: number): boolean {
  if (bits === 0) return true;
  const mask = bits === 32 ? 0xffffffff : (~((1 << (32 - bits)) - 1) >>> 0);
  return ((ipv4ToInt(ip) & mask) >>> 0) === ((ipv4ToInt(base) & mask) >>> 0);
}

/** An IPv6 address as 16 bytes (handles `::` and a trailing dotted IPv4). Input: a valid IPv6. */
export function ipv6Bytes(ip: string): number[] {
  let s = ip.split('%')[0]!.toLowerCase();
  let tail: number[] = [];
  const m = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (m) {
    tail = m[2]!.split('.').map(Number);
    s = m[1]!.endsWith('::') ? m[1]! : m[1]!.slice(0, -1);
  }
  const total = 8 - tail.length / 2;
  const hex = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  let groups: number[];
  if (s.includes('::')) {
    const [h = '', t = ''] = s.split('::');
    const a = hex(h);
    const b = hex(t);
    groups = [...a, ...new Array<number>(total - a.length - b.length).fill(0), ...b];
  } else {
    groups = hex(s);
  }
  const bytes: number[] = [];
  for (const g of groups) bytes.push((g >> 8) & 0xff, g & 0xff);
  return [...bytes, ...tail];
}

function inV6(bytes: number[], base: string, bits: number): boolean {
  const b = ipv6Bytes(base);
  for (let i = 0; i < 16 && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((bytes[i]! & mask) !== (b[i]! & mask)) return false;
  }
  return true;
}

/** The IPv4 address an IPv6 one embeds (mapped, compatible, NAT64, 6to4), if any. */
function embeddedV4(bytes: number[]): string | null {
  const dotted = (o: number) => bytes.slice(o, o + 4).join('.');
  const zero = (from: number, to: number) => bytes.slice(from, to).every((x) => x === 0);
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return dotted(12); // ::ffff:a.b.c.d
  if (zero(0, 12)) return dotted(12); // ::a.b.c.d (deprecated "compatible")
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(4, 12)) return dotted(12); // 64:ff9b::/96
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return dotted(2); // 2002::/16 (6to4)
  return null;
}

/** Why this address may not receive live webhooks, or null when it may. */
export function blockedReason(address: string): string | null {
  const ip = bareHost(address).split('%')[0]!;
  const kind = net.isIP(ip);
  if (kind === 4) {
    for (const [base, bits, why] of V4_BLOCKED) if (inV4(ip, base, bits)) return why;
    return null;
  }
  if (kind === 6) {
    const bytes = ipv6Bytes(ip);
    for (const [base, bits, why] of V6_BLOCKED) if (inV6(bytes, base, bits)) return why;
    const v4 = embeddedV4(bytes);
    if (v4) {
      const why = blockedReason(v4);
      if (why) return why;
    }
    return null;
  }
  return 'not an IP address';
}

// Refused in every mode, test mode included: nobody develops against these, and they are where
// cloud credentials live (AWS/GCP/Azure 169.254.169.254, ECS 169.254.170.2, AWS IPv6
// fd00:ec2::254, Alibaba 100.100.100.200).
const METADATA_V4 = ['169.254.0.0/16', '100.100.100.200/32'];

/** Why this address may not receive even test-mode webhooks, or null. */
export function metadataReason(address: string): string | null {
  const ip = bareHost(address).split('%')[0]!;
  const kind = net.isIP(ip);
  const v4 = kind === 4 ? ip : kind === 6 ? embeddedV4(ipv6Bytes(ip)) : null;
  if (v4 && METADATA_V4.some((c) => inV4(v4, c.split('/')[0]!, Number(c.split('/')[1])))) return 'a link-local or cloud metadata address';
  if (kind === 6) {
    const bytes = ipv6Bytes(ip);
    if (inV6(bytes, 'fe80::', 10) || inV6(bytes, 'fd00:ec2::254', 128)) return 'a link-local or cloud metadata address';
  }
  return null;
}

/** Is the address public (a live endpoint could use it)? */
export const isPublicAddress = (address: string): boolean => blockedReason(address) === null;

export interface CheckedTarget {
  url: URL;
  /** The addresses to connect to: exactly those that were checked. */
  addresses: ResolvedAddress[];
}

export class BlockedTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedTargetError';
  }
}

/**
 * Resolve the URL's host and, in live mode, refuse it when any address is internal. Throws
 * BlockedTargetError (the message names the address and why) or the resolver's error.
 */
export async function checkTarget(url: URL, livemode: boolean, r: Resolver = currentResolver): Promise<CheckedTarget> {
  const addresses = await resolveHost(url.hostname, r);
  for (const a of addresses) {
    const meta = metadataReason(a.address);
    if (meta) throw new BlockedTargetError(`${bareHost(url.hostname)} resolves to ${a.address}, ${meta}; webhooks may never reach it, in test mode either.`);
    const why = livemode ? blockedReason(a.address) : null;
    if (why)
      throw new BlockedTargetError(`${bareHost(url.hostname)} resolves to ${a.address}, ${why}; live-mode webhooks may only reach public addresses.`);
  }
  return { url, addresses };
}
