// Every id in the system: `<prefix>_<base62>` with at least 128 random bits (a cs_ id is a
// capability: whoever holds the URL can pay). Secrets (API keys, webhook secrets) use more.
import { randomBytes, randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const ID_PREFIXES = {
  paymentIntent: 'pi',
  checkoutSession: 'cs',
  product: 'prod',
  price: 'price',
  event: 'evt',
  webhookEndpoint: 'we',
  merchant: 'acct',
  apiKey: 'key',
  attempt: 'att',
  delivery: 'whd',
  paymentLink: 'plink',
  user: 'user',
  railAccount: 'ra',
  railAccountChange: 'rachg',
  refund: 're',
  balanceTransaction: 'txn',
  reconciliation: 'recon',
  reconciliationItem: 'recitem',
  reportRun: 'frr',
  invitation: 'inv',
  auditEvent: 'audit',
} as const;

export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

// Ids are made several per request: drawing each from the kernel is a system call per id
// (measured at ~5 % of a create's CPU). Ids and request ids come from a pool refilled 4 KiB at a
// time from the same CSPRNG (as Node's randomUUID does); secrets still draw their own bytes.
const POOL = Buffer.alloc(4096);
let poolAt = POOL.length;

/** `n` (<= 256) random bytes from the pool, consumed at once by the caller (a view, not a copy). */
function pooled(n: number): Uint8Array {
  if (poolAt + n > POOL.length) {
    randomFillSync(POOL);
    poolAt = 0;
  }
  poolAt += n;
  return POOL.subarray(poolAt - n, poolAt);
}

/** A request id: `req_` and 96 random bits. */
export const newRequestId = (): string => `req_${Buffer.from(pooled(12)).toString('base64url')}`;

/** base62 of `bytes` random bytes, by rejection sampling (no modulo bias). */
export function randomBase62(bytes: number, source: (n: number) => Uint8Array = randomBytes): string {
  // log2(62) ≈ 5.954 bits per character.
  const length = Math.ceil((bytes * 8) / Math.log2(62));
  let out = '';
  while (out.length < length) {
    for (const b of source(length * 2)) {
      if (b < 248) out += ALPHABET[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function createId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(16, pooled)}`; // 22 chars, 130.9 bits
}

const ID_RE = /^[a-z]+_[0-9A-Za-z]{10,64}$/;

/** Does `value` look like an id with this prefix? Used to answer 404 without a query. */
export function isIdOf(prefix: IdPrefix, value: string): boolean {
  return value.startsWith(`${prefix}_`) && ID_RE.test(value);
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
