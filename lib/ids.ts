// Every id in the system: `<prefix>_<base62>` with at least 128 random bits (a cs_ id is a
// capability: whoever holds the URL can pay). Secrets (API keys, webhook secrets) use more.
import { randomBytes } from 'node:crypto';

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
} as const;

export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

/** base62 of `bytes` random bytes, by rejection sampling (no modulo bias). */
export function randomBase62(bytes: number): string {
  // log2(62) ≈ 5.954 bits per character.
  const length = Math.ceil((bytes * 8) / Math.log2(62));
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248) out += ALPHABET[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function createId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(16)}`; // 22 chars, 130.9 bits
}

const ID_RE = /^[a-z]+_[0-9A-Za-z]{10,64}$/;

/** Does `value` look like an id with this prefix? Used to answer 404 without a query. */
export function isIdOf(prefix: IdPrefix, value: string): boolean {
  return value.startsWith(`${prefix}_`) && ID_RE.test(value);
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
