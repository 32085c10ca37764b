// The SSRF guard: a webhook must not reach the operator's own network (loopback, private,
// link-local, CGNAT, multicast, reserved ranges, IPv6 forms that embed them, and any IPv4-mapped
// or IPv4-translated IPv6 address), nor, in live mode, a port other than the operator allows.
// The hostname is resolved and every address checked, at creation and again before each
// delivery; the delivery then connects to the address that was checked (no DNS rebinding).
// Test-mode endpoints may target loopback and private addresses only where that network is the
// developer's own: a local deployment (BASE_URL on loopback, or plain http), or one whose operator
// says so (WEBHOOK_PRIVATE_TARGETS=allow). Elsewhere anyone with a test key could make the server
// POST inside the operator's network and read its open ports from the status codes. Link-local
// and cloud metadata addresses are refused in every mode and on every deployment.
import dns from 'node:dns';
import net from 'node:net';
import { type Config, config } from './config';

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

// The ranges, checked with node's net.BlockList (no hand-written subnet arithmetic). A BlockList
// matches an IPv4 rule against the IPv4-mapped form of the address too (::ffff:127.0.0.1).
type Rule = readonly [base: string, bits: number, why: string];

const V4_BLOCKED: readonly Rule[] = [
  ['0.0.0.0', 8, 'a "this network" address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.88.99.0', 24, 'a 6to4 relay anycast address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];

const V6_BLOCKED: readonly Rule[] = [
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

/**
 * IPv6 forms that carry an IPv4 address, each as where the IPv4 address sits: an IPv4 range
 * base/bits becomes the IPv6 range prefix(base)/(offset + bits). IPv4-mapped (::ffff:0:0/96)
 * is BlockList's own equivalence, and refused whole in live mode below.
 */
const EMBEDDINGS: readonly { name: string; at: (v4: string) => string; offset: number }[] = [
  { name: 'IPv4-compatible', at: (v4) => `::${v4}`, offset: 96 }, // ::a.b.c.d (deprecated)
  { name: 'IPv4-translated', at: (v4) => `::ffff:0:${v4}`, offset: 96 }, // ::ffff:0:a.b.c.d (SIIT)
  { name: 'NAT64', at: (v4) => `64:ff9b::${v4}`, offset: 96 }, // 64:ff9b::/96
  {
    name: '6to4',
    at: (v4) => {
      const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
      return `2002:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}::`;
    },
    offset: 16,
  }, // 2002:aabb:ccdd::/48
];

// No live webhook to these whatever they carry: an IPv4-mapped or IPv4-translated address is
// never a real host's address in DNS; connecting to one reaches IPv4 through the local stack.
const V6_WHOLE: readonly Rule[] = [
  ['::ffff:0:0', 96, 'an IPv4-mapped address'],
  ['::ffff:0:0:0', 96, 'an IPv4-translated address'],
];

interface Check {
  list: net.BlockList;
  why: string;
}

function checks(rules: readonly Rule[], family: 'ipv4' | 'ipv6'): Check[] {
  return rules.map(([base, bits, why]) => {
    const list = new net.BlockList();
    list.addSubnet(base, bits, family);
    return { list, why };
  });
}

function embedded(rules: readonly Rule[]): Check[] {
  return EMBEDDINGS.flatMap((e) =>
    checks(
      rules.map(([base, bits, why]) => [e.at(base), e.offset + bits, `${why} (in a ${e.name} address)`] as const),
      'ipv6',
    ),
  );
}

const LIVE_V4 = checks(V4_BLOCKED, 'ipv4');
const LIVE_V6 = [...checks(V6_BLOCKED, 'ipv6'), ...LIVE_V4, ...embedded(V4_BLOCKED), ...checks(V6_WHOLE, 'ipv6')];

// Refused in every mode, test mode included: nobody develops against these, and they are where
// cloud credentials live (AWS/GCP/Azure 169.254.169.254, ECS 169.254.170.2, AWS IPv6
// fd00:ec2::254, Alibaba 100.100.100.200).
const METADATA = 'a link-local or cloud metadata address';
const METADATA_V4_RULES: readonly Rule[] = [
  ['169.254.0.0', 16, METADATA],
  ['100.100.100.200', 32, METADATA],
];
const METADATA_V4 = checks(METADATA_V4_RULES, 'ipv4');
const METADATA_V6 = [
  ...checks(
    [
      ['fe80::', 10, METADATA],
      ['fd00:ec2::254', 128, METADATA],
    ],
    'ipv6',
  ),
  ...METADATA_V4,
  ...checks(
    METADATA_V4_RULES.flatMap(([base, bits]) => EMBEDDINGS.map((e) => [e.at(base), e.offset + bits, METADATA] as const)),
    'ipv6',
  ),
];

/** The first check the address falls in, or null; anything but an IP address is refused. */
function firstMatch(address: string, v4: Check[], v6: Check[]): string | null {
  const ip = bareHost(address).split('%')[0]!; // fe80::1%eth0: the zone is not part of the address
  const kind = net.isIP(ip);
  if (kind === 0) return 'not an IP address';
  const family = kind === 4 ? 'ipv4' : 'ipv6';
  for (const c of kind === 4 ? v4 : v6) if (c.list.check(ip, family)) return c.why;
  return null;
}

/** Why this address may not receive live webhooks, or null when it may. */
export function blockedReason(address: string): string | null {
  return firstMatch(address, LIVE_V4, LIVE_V6);
}

/** Why this address may not receive even test-mode webhooks, or null. */
export function metadataReason(address: string): string | null {
  const why = firstMatch(address, METADATA_V4, METADATA_V6);
  return why === 'not an IP address' ? null : why;
}

/** Is the address public (a live endpoint could use it)? */
export const isPublicAddress = (address: string): boolean => blockedReason(address) === null;

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** What this deployment lets webhooks reach, beyond public addresses on https's ports. */
export interface TargetPolicy {
  /** Test-mode endpoints may reach loopback and private addresses (never link-local or metadata ones). */
  privateTargets: boolean;
  /** The ports live endpoints may use, or 'any'. */
  livePorts: readonly number[] | 'any';
}

/**
 * Is this deployment a developer's own (its BASE_URL on a loopback host, or plain http)? Then the
 * private network its test webhooks could reach is the developer's too.
 */
export function isLocalDeployment(baseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false;
  }
  if (url.protocol === 'http:') return true;
  const host = bareHost(url.hostname).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const kind = net.isIP(host);
  return kind !== 0 && LOOPBACK.check(host, kind === 4 ? 'ipv4' : 'ipv6');
}

/** The policy the configuration sets (config.ts WEBHOOK_PRIVATE_TARGETS, WEBHOOK_ALLOWED_PORTS, BASE_URL). */
export function targetPolicy(cfg: Pick<Config, 'BASE_URL' | 'WEBHOOK_PRIVATE_TARGETS' | 'WEBHOOK_ALLOWED_PORTS'> = config()): TargetPolicy {
  const privateTargets = cfg.WEBHOOK_PRIVATE_TARGETS === undefined ? isLocalDeployment(cfg.BASE_URL) : cfg.WEBHOOK_PRIVATE_TARGETS === 'allow';
  return { privateTargets, livePorts: cfg.WEBHOOK_ALLOWED_PORTS };
}

/** The URL's port, its scheme's default when it names none. */
export const portOf = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

const portList = (ports: readonly number[]) =>
  ports.length === 1 ? `port ${ports[0]}` : `ports ${ports.slice(0, -1).join(', ')} and ${ports[ports.length - 1]}`;

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
 * Refuse a live URL on a port the policy does not allow; then resolve the host and refuse it when
 * any address is internal (in test mode too, unless the policy allows private targets). Throws
 * BlockedTargetError (the message names the port, or the address and why) or the resolver's error.
 */
export async function checkTarget(url: URL, livemode: boolean, r: Resolver = currentResolver, policy: TargetPolicy = targetPolicy()): Promise<CheckedTarget> {
  const port = portOf(url);
  if (livemode && policy.livePorts !== 'any' && !policy.livePorts.includes(port))
    throw new BlockedTargetError(`live-mode webhooks may only use ${portList(policy.livePorts)} on this deployment; got port ${port}.`);
  const addresses = await resolveHost(url.hostname, r);
  for (const a of addresses) {
    const meta = metadataReason(a.address);
    if (meta) throw new BlockedTargetError(`${bareHost(url.hostname)} resolves to ${a.address}, ${meta}; webhooks may never reach it, in test mode either.`);
    const why = livemode || !policy.privateTargets ? blockedReason(a.address) : null;
    if (why)
      throw new BlockedTargetError(
        livemode
          ? `${bareHost(url.hostname)} resolves to ${a.address}, ${why}; live-mode webhooks may only reach public addresses.`
          : `${bareHost(url.hostname)} resolves to ${a.address}, ${why}; this deployment sends test-mode webhooks to public addresses only (private ones are for a local deployment, or where its operator sets WEBHOOK_PRIVATE_TARGETS=allow).`,
      );
  }
  return { url, addresses };
}
