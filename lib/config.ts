// Every environment variable the service reads, parsed once. The README's configuration table
// lists the same names; keep the two in step.
import { z } from 'zod';
import { cmp, type Decimal, fromInteger, isPositive, parseDecimal } from './decimal';

const optionalUrl = z.url().optional();
const positiveInt = z.coerce.number().int().positive();
const hex32 = z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (a 32-byte key)');
/** An on/off switch: 1 (or true) turns it on; unset, 0 or false leaves it off. */
const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
  .default('0')
  .transform((v) => v === '1' || v === 'true');
/** A plain decimal string (lib/decimal.ts parseDecimal: "655.957"; no exponent, sign or blanks) that passes `check`. */
const decimalString = (check: (d: Decimal) => boolean, message: string) =>
  z.string().refine((v) => {
    try {
      return check(parseDecimal(v));
    } catch {
      return false;
    }
  }, message);
const positiveDecimal = decimalString(isPositive, 'must be a decimal number greater than 0, e.g. "655.957"');

/** The exchanges lib/rates can read BTC and USDT prices from (lib/rates/kraken.ts, bitstamp.ts). */
export const RATE_SOURCES = ['kraken', 'bitstamp'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** Test mode's fixed rates (lib/rates/index.ts testRates; each can be configured). 1 BTC = 60,000,000 XOF. */
export const TEST_XOF_PER_BTC = '60000000';
/** 1 USDT = 600 XOF. */
export const TEST_XOF_PER_USDT = '600';
/** GNF per EUR in test mode, when not configured (`RATE_GNF_PER_EUR`). */
export const TEST_GNF_PER_EUR = '10000';

/** The operator APIs a mobile-money rail can speak. */
export const MOMO_PROTOCOLS = ['mtn_momo', 'orange_money', 'wave'] as const;
export type MomoProtocol = (typeof MOMO_PROTOCOLS)[number];

/** One mobile-money operator's settings: MOMO_A_..., MOMO_B_..., MOMO_C_..., MOMO_D_... */
function momoEnv<L extends 'A' | 'B' | 'C' | 'D'>(l: L) {
  return {
    // Which operator API the rail speaks (lib/rails/mobile-money/operators.ts has the defaults).
    [`MOMO_${l}_PROTOCOL`]: z.enum(MOMO_PROTOCOLS, { error: `must be one of ${MOMO_PROTOCOLS.join(', ')}` }).optional(),
    // mtn_momo: required. orange_money: default https://api.orange.com. wave: default https://api.wave.com.
    [`MOMO_${l}_BASE_URL`]: optionalUrl,
    [`MOMO_${l}_SUBSCRIPTION_KEY`]: z.string().min(1).optional(),
    [`MOMO_${l}_API_USER`]: z.string().min(1).optional(),
    [`MOMO_${l}_API_KEY`]: z.string().min(1).optional(),
    // Required once the operator is configured (registry.ts): no default, `sandbox` is not production.
    [`MOMO_${l}_TARGET_ENVIRONMENT`]: z.string().min(1).optional(),
    // Where the operator calls back; unset: no X-Callback-Url (MTN calls back only to the host
    // registered for the API user, so a guessed one would be refused).
    [`MOMO_${l}_CALLBACK_URL`]: optionalUrl,
    // mtn_momo refunds by API: the Disbursement product's subscription key, API user and API key,
    // all three or none (none: refunds are made from MTN's partner portal, `requires_action`).
    [`MOMO_${l}_DISBURSEMENT_SUBSCRIPTION_KEY`]: z.string().min(1).optional(),
    [`MOMO_${l}_DISBURSEMENT_API_USER`]: z.string().min(1).optional(),
    [`MOMO_${l}_DISBURSEMENT_API_KEY`]: z.string().min(1).optional(),
    // orange_money (Orange Money Web Payment): OAuth client credentials, the merchant key, the
    // country path segment (dev, ci, sn, cm...), and the currency code Orange expects when it
    // differs from the intent's (OUV in Orange's development sandbox).
    [`MOMO_${l}_CLIENT_ID`]: z.string().min(1).optional(),
    [`MOMO_${l}_CLIENT_SECRET`]: z.string().min(1).optional(),
    [`MOMO_${l}_MERCHANT_KEY`]: z.string().min(1).optional(),
    [`MOMO_${l}_WEBPAY_COUNTRY`]: z
      .string()
      .regex(/^[a-z]{2,3}$/, 'must be the path segment Orange gives, e.g. dev, ci, sn')
      .optional(),
    [`MOMO_${l}_WEBPAY_CURRENCY`]: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code')
      .optional(),
    // wave (Wave Checkout): MOMO_<X>_API_KEY is the Wave API key; the webhook secret Wave's portal shows.
    [`MOMO_${l}_WEBHOOK_SECRET`]: z.string().min(1).optional(),
    // wave: a key the Wave Business portal gave the Payout API (partial refunds); optional.
    [`MOMO_${l}_PAYOUT_API_KEY`]: z.string().min(1).optional(),
    [`MOMO_${l}_DISPLAY_NAME`]: z.string().min(1).max(60).optional(),
    [`MOMO_${l}_CURRENCIES`]: z
      .string()
      .regex(/^(XOF|XAF|GNF)(,(XOF|XAF|GNF))*$/, 'must be a comma-separated subset of XOF,XAF,GNF')
      .optional(),
    [`MOMO_${l}_MIN_AMOUNT`]: positiveInt.optional(),
    [`MOMO_${l}_MAX_AMOUNT`]: positiveInt.optional(),
    [`MOMO_${l}_AMOUNT_STEP`]: positiveInt.optional(),
    [`MOMO_${l}_TIMEOUT_SECONDS`]: z.coerce.number().int().min(30).max(3600).optional(),
  } as Record<
    `MOMO_${L}_${
      | 'BASE_URL'
      | 'SUBSCRIPTION_KEY'
      | 'API_USER'
      | 'API_KEY'
      | 'DISPLAY_NAME'
      | 'CURRENCIES'
      | 'TARGET_ENVIRONMENT'
      | 'CALLBACK_URL'
      | 'DISBURSEMENT_SUBSCRIPTION_KEY'
      | 'DISBURSEMENT_API_USER'
      | 'DISBURSEMENT_API_KEY'
      | 'CLIENT_ID'
      | 'CLIENT_SECRET'
      | 'MERCHANT_KEY'
      | 'WEBPAY_COUNTRY'
      | 'WEBPAY_CURRENCY'
      | 'WEBHOOK_SECRET'}`,
    z.ZodOptional<z.ZodString>
  > &
    Record<`MOMO_${L}_PROTOCOL`, z.ZodOptional<z.ZodEnum<{ [K in MomoProtocol]: K }>>> &
    Record<`MOMO_${L}_PAYOUT_API_KEY`, z.ZodOptional<z.ZodString>> &
    Record<`MOMO_${L}_${'MIN_AMOUNT' | 'MAX_AMOUNT' | 'AMOUNT_STEP' | 'TIMEOUT_SECONDS'}`, z.ZodOptional<z.ZodCoercedNumber>>;
}

const envSchema = z
  .object({
    // Rails (docs/rails.md describes each one).
    RAIL_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    ...momoEnv('A'),
    ...momoEnv('B'),
    ...momoEnv('C'),
    ...momoEnv('D'),
    LND_REST_URL: optionalUrl,
    LND_MACAROON: z
      .string()
      .regex(/^[0-9a-fA-F]+$/, 'must be the hex of an invoice macaroon')
      .optional(),
    LND_TLS_CERT_PATH: z.string().min(1).optional(),
    // Refunds: a macaroon allowed to pay (offchain:read and offchain:write); without it the merchant pays claimed refunds.
    LND_REFUND_MACAROON: z
      .string()
      .regex(/^[0-9a-fA-F]+$/, 'must be the hex of a macaroon allowed to pay (offchain:read, offchain:write)')
      .optional(),
    LND_PRIVATE_ROUTE_HINTS: flag,
    LIGHTNING_INVOICE_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    LIGHTNING_TEST_NODE_KEY: hex32.default('c2f2ad4e7d7e4a5cb0f8b1c4d1e6a9f3b2c7d8e9f0a1b2c3d4e5f60718293a4b'),
    BTC_XPUB: z.string().min(1).optional(),
    ESPLORA_URL: optionalUrl,
    BTC_XPUB_ALLOW_XPUB_VERSION: flag,
    BTC_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(2),
    BTC_GAP_LIMIT: z.coerce.number().int().min(1).default(20),
    // Unset: derived from this deployment's own test seed (kept in the database; lib/boot.ts).
    BTC_TEST_XPUB: z.string().min(1).optional(),
    TRON_XPUB: z.string().min(1).optional(),
    TRONGRID_URL: z.url().default('https://api.trongrid.io'),
    TRONGRID_API_KEY: z.string().min(1).optional(),
    TRON_USDT_CONTRACT: z.string().min(1).default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
    TRON_TEST_XPUB: z.string().min(1).optional(),
    TRON_GAP_LIMIT: z.coerce.number().int().min(1).default(20),
    // Unpaid receive addresses (on-chain and TRON together) one client address, and one payment
    // link, may be handed on the hosted page in QUOTE_TTL_SECONDS (lib/payments/addresses.ts). Not too low: many buyers
    // share one IPv4 address behind a mobile carrier's NAT.
    ADDRESS_HOLDS_PER_CLIENT: z.coerce.number().int().min(1).default(10),
    ADDRESS_HOLDS_PER_LINK: z.coerce.number().int().min(1).default(200),
    TRON_TEST_USDT_CONTRACT: z.string().min(1).default('TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf'),

    // Exchange rates for paying XOF, XAF or GNF over the BTC and USDT rails (lib/rates; api-contract
    // "Paying in another currency: quotes").
    // Lowers every quoted rate by this percentage, in the merchant's favour (test mode too).
    RATE_SPREAD_PERCENT: decimalString(
      (d) => cmp(d, fromInteger(100)) < 0,
      'must be a decimal percentage from 0 up to (not including) 100, e.g. "1.5"',
    ).default('0'),
    // GNF floats: without the operator's own rate, GNF intents are not converted in live mode.
    RATE_GNF_PER_EUR: positiveDecimal.optional(),
    QUOTE_TTL_SECONDS: z.coerce.number().int().min(60).default(900),
    // At most half the 2-minute freshness limit, so one failed refresh does not take the converting rails down.
    RATE_REFRESH_SECONDS: z.coerce.number().int().min(5).max(60).default(30),
    RATE_SOURCES: z
      .string()
      .regex(/^(kraken|bitstamp)(,(kraken|bitstamp))*$/, `must be a comma-separated list of ${RATE_SOURCES.join(', ')}`)
      .default(RATE_SOURCES.join(','))
      .transform((v) => [...new Set(v.split(','))] as RateSource[]),
    // Where the exchanges are reached (default their public APIs; tests point them at fakes).
    RATE_KRAKEN_URL: optionalUrl,
    RATE_BITSTAMP_URL: optionalUrl,
    // Fresh sources a price needs (lib/rates/aggregate.ts AggregateOptions.minSources says what each choice costs).
    RATE_MIN_SOURCES: z.coerce.number().int().min(1).default(1),
    // Test mode's fixed rates (the defaults above; used by lib/rates/index.ts testRates): XOF per BTC and per USDT (XAF the
    // same), and GNF per EUR, through which the GNF rates are derived.
    TEST_RATE_XOF_PER_BTC: positiveDecimal.default(TEST_XOF_PER_BTC),
    TEST_RATE_XOF_PER_USDT: positiveDecimal.default(TEST_XOF_PER_USDT),
    TEST_RATE_GNF_PER_EUR: positiveDecimal.default(TEST_GNF_PER_EUR),

    // 0: a port the system picks (named in the "listening" line; the tests start servers so), which needs BASE_URL.
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    BASE_URL: z.url().optional(),
    CHECKOUT_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: z.string().min(1).optional(),
    RATE_LIMIT_PER_SECOND: z.coerce.number().positive().default(25),
    RATE_LIMIT_BURST: z.coerce.number().int().positive().default(100),
    WORKER: z.enum(['on', 'off']).default('on'),
    // Where webhooks may go (lib/ssrf.ts). Test-mode endpoints reach loopback and private
    // addresses only on a local deployment (BASE_URL on loopback, or plain http) unless this says
    // `allow`; `deny` refuses them even then. Live endpoints never reach them.
    WEBHOOK_PRIVATE_TARGETS: z.enum(['allow', 'deny'], { error: 'must be allow or deny' }).optional(),
    // The ports live endpoints may use: a comma-separated list, or `*` for any.
    WEBHOOK_ALLOWED_PORTS: z
      .string()
      .regex(/^(\*|[0-9]{1,5}(,[0-9]{1,5})*)$/, 'must be a comma-separated list of ports, e.g. "443,8443", or * for any port')
      .refine((v) => v === '*' || v.split(',').every((p) => Number(p) >= 1 && Number(p) <= 65535), 'ports go from 1 to 65535')
      .default('443,8443')
      .transform((v) => (v === '*' ? ('any' as const) : [...new Set(v.split(',').map(Number))])),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    // The rails of the environment above are the deployment's own accounts (platform accounts):
    // `on` offers them to every merchant that has no account of its own for a rail, which is the
    // aggregator model (the deployment holds its merchants' money: a payment-service licence).
    // Unset: on for the embedded single-merchant quickstart, off on PostgreSQL.
    PLATFORM_RAILS: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
    // The key ring rail accounts' secrets are sealed with (lib/secrets.ts): id:key[,id:key...].
    CAISSE_ENCRYPTION_KEY: z.string().min(1).optional(),
  })
  .refine((env) => env.RATE_MIN_SOURCES <= env.RATE_SOURCES.length, {
    path: ['RATE_MIN_SOURCES'],
    message: 'must not exceed the number of RATE_SOURCES (no price could ever be quoted)',
  })
  .refine((env) => env.PORT !== 0 || env.BASE_URL !== undefined, {
    path: ['PORT'],
    message: '0 (a port the system picks) needs BASE_URL: links cannot name a port not yet known',
  });

export type Config = Omit<z.infer<typeof envSchema>, 'BASE_URL' | 'PLATFORM_RAILS'> & { BASE_URL: string; checkoutUrl: string; platformRails: boolean };

let cached: Config | undefined;

export function config(): Config {
  if (cached) return cached;
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Without BASE_URL, links point at this server on PORT (what a newcomer running it locally expects).
  const base = (parsed.data.BASE_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  const checkoutUrl = (parsed.data.CHECKOUT_URL ?? `${base}/checkout`).replace(/\/+$/, '');
  const platformRails = (parsed.data.PLATFORM_RAILS ?? (parsed.data.DATABASE_URL ? 'off' : 'on')) === 'on';
  const { PLATFORM_RAILS: _, ...rest } = parsed.data;
  cached = { ...rest, BASE_URL: base, checkoutUrl, platformRails };
  return cached;
}

/** For tests that change the environment between cases. */
export function resetConfigForTests(): void {
  cached = undefined;
}
