// The mobile-money operators behind mobile_money_a..d: who they are, where, which currencies, the
// numbers they take, the USSD code a buyer dials to approve a pending request, and their limits.
// Each takes XOF, XAF and GNF unless configured narrower (MOMO_<X>_CURRENCIES); bounds and amount
// step may only narrow money.ts's rules.
import { config, type MomoProtocol } from '../../config';
import { type Bounds, boundsFor, type Currency, type MobileMoneyRail, narrow } from '../../money';
import { mobileNumberE164 } from '../../phone';

export interface MarketInfo {
  /** ISO 3166 country code. */
  country: string;
  countryName: string;
  dialCode: string;
  /** National significant number, without the dialling code. */
  nationalPattern: RegExp;
  /** A well-formed national number whose last four digits are 0000 (the test "succeeds" number). */
  exampleNumber: string;
  ussdCode: string;
}

/**
 * How the payer is asked. `push`: the operator sends a prompt to the phone (MTN MoMo RequestToPay).
 * `redirect`: the payer goes to the operator's page or app with a link we are given (Orange Money
 * Web Payment, Wave Checkout).
 */
export type MomoFlow = 'push' | 'redirect';

export const FLOW_OF: Record<MomoProtocol, MomoFlow> = { mtn_momo: 'push', orange_money: 'redirect', wave: 'redirect' };

/** Each rail's protocol when MOMO_<X>_PROTOCOL is unset. */
export const DEFAULT_PROTOCOL: Record<MobileMoneyRail, MomoProtocol> = {
  mobile_money_a: 'mtn_momo',
  mobile_money_b: 'orange_money',
  mobile_money_c: 'mtn_momo',
  mobile_money_d: 'wave',
};

/**
 * How long the payer has, by protocol, when MOMO_<X>_TIMEOUT_SECONDS is unset: a push is approved
 * on the phone within minutes; a redirect takes the payer through the operator's page or app
 * (Orange: the number, then a one-time code from the USSD menu), so it gets longer.
 */
/** What each protocol takes when MOMO_<X>_CURRENCIES is unset: Wave's markets in this zone are all XOF (Senegal, Côte d'Ivoire, Mali, Burkina Faso). */
const DEFAULT_CURRENCIES: Record<MomoProtocol, Currency[]> = { mtn_momo: ['XOF', 'XAF', 'GNF'], orange_money: ['XOF', 'XAF', 'GNF'], wave: ['XOF'] };

const DEFAULT_TIMEOUT_SECONDS: Record<MomoProtocol, number> = { mtn_momo: 180, orange_money: 600, wave: 600 };

export interface OperatorInfo {
  rail: MobileMoneyRail;
  protocol: MomoProtocol;
  flow: MomoFlow;
  /** Letter in env names (MOMO_A_...). */
  letter: 'A' | 'B' | 'C' | 'D';
  displayName: string;
  currencies: readonly Currency[];
  markets: Partial<Record<Currency, MarketInfo>>;
  timeoutSeconds: number;
  /** Operator limits per currency, already narrowed by money.ts. */
  bounds(currency: Currency): Bounds;
  /** Amounts must be a multiple of this (1 = any integer). */
  amountStep: number;
}

// Côte d'Ivoire (XOF): 10-digit numbers since 2021; Cameroon (XAF) and Guinea (GNF): 9 digits.
const CI = { country: 'CI', countryName: "Côte d'Ivoire", dialCode: '+225', nationalPattern: /^0[157]\d{8}$/ };
const CM = { country: 'CM', countryName: 'Cameroon', dialCode: '+237', nationalPattern: /^6\d{8}$/ };
const GN = { country: 'GN', countryName: 'Guinea', dialCode: '+224', nationalPattern: /^6\d{8}$/ };

interface Base {
  letter: OperatorInfo['letter'];
  displayName: string;
  markets: Record<'XOF' | 'XAF' | 'GNF', MarketInfo>;
}

const BASE: Record<MobileMoneyRail, Base> = {
  mobile_money_a: {
    letter: 'A',
    displayName: 'MTN MoMo',
    markets: {
      XOF: { ...CI, exampleNumber: '0554120000', ussdCode: '*133#' },
      XAF: { ...CM, exampleNumber: '677120000', ussdCode: '*126#' },
      GNF: { ...GN, exampleNumber: '664120000', ussdCode: '*440#' },
    },
  },
  mobile_money_b: {
    letter: 'B',
    displayName: 'Orange Money',
    markets: {
      XOF: { ...CI, exampleNumber: '0707120000', ussdCode: '#144#' },
      XAF: { ...CM, exampleNumber: '690120000', ussdCode: '#150#' },
      GNF: { ...GN, exampleNumber: '622120000', ussdCode: '*144#' },
    },
  },
  mobile_money_c: {
    letter: 'C',
    displayName: 'Moov Money',
    markets: {
      XOF: { ...CI, exampleNumber: '0101120000', ussdCode: '*155#' },
      XAF: { ...CM, exampleNumber: '655120000', ussdCode: '*155#' },
      GNF: { ...GN, exampleNumber: '655120000', ussdCode: '*155#' },
    },
  },
  mobile_money_d: {
    letter: 'D',
    displayName: 'Wave',
    markets: {
      XOF: { ...CI, exampleNumber: '0758120000', ussdCode: '*170#' },
      XAF: { ...CM, exampleNumber: '699120000', ussdCode: '*170#' },
      GNF: { ...GN, exampleNumber: '628120000', ussdCode: '*170#' },
    },
  },
};

const cache = new Map<MobileMoneyRail, OperatorInfo>();

/** The deployment's operator on a rail (its environment variables): the platform account's, and the simulator's. */
export function operatorInfo(rail: MobileMoneyRail): OperatorInfo {
  const hit = cache.get(rail);
  if (hit) return hit;
  const info = operatorInfoFrom(rail, config() as unknown as Record<string, unknown>);
  cache.set(rail, info);
  return info;
}

/**
 * The operator on a rail as `settings` describe it (MOMO_<X>_... names): the deployment's, or a
 * merchant's rail account's (lib/rails/accounts.ts writes an account's settings under those names).
 */
export function operatorInfoFrom(rail: MobileMoneyRail, settings: Record<string, unknown>): OperatorInfo {
  const base = BASE[rail];
  const env = settings as Record<string, string | number | undefined>;
  const l = base.letter;
  const currencies = env[`MOMO_${l}_CURRENCIES`]
    ? (String(env[`MOMO_${l}_CURRENCIES`]).split(',') as Currency[])
    : DEFAULT_CURRENCIES[(env[`MOMO_${l}_PROTOCOL`] as MomoProtocol | undefined) ?? DEFAULT_PROTOCOL[rail]];
  const min = env[`MOMO_${l}_MIN_AMOUNT`] as number | undefined;
  const max = env[`MOMO_${l}_MAX_AMOUNT`] as number | undefined;
  const protocol = (env[`MOMO_${l}_PROTOCOL`] as MomoProtocol | undefined) ?? DEFAULT_PROTOCOL[rail];
  const info: OperatorInfo = {
    rail,
    protocol,
    flow: FLOW_OF[protocol],
    letter: l,
    displayName: (env[`MOMO_${l}_DISPLAY_NAME`] as string | undefined) ?? base.displayName,
    currencies,
    markets: Object.fromEntries(currencies.map((c) => [c, base.markets[c as 'XOF']])),
    timeoutSeconds: (env[`MOMO_${l}_TIMEOUT_SECONDS`] as number | undefined) ?? DEFAULT_TIMEOUT_SECONDS[protocol],
    bounds: (currency) => narrow(boundsFor(currency), { min, max }),
    amountStep: (env[`MOMO_${l}_AMOUNT_STEP`] as number | undefined) ?? 1,
  };
  return info;
}

export function resetOperatorsForTests(): void {
  cache.clear();
}

/**
 * A buyer's number for the operator's market in `currency`: E.164 (+225...) or national format,
 * spaces, dots and dashes allowed. Returns E.164, or null when it is not a number of that country.
 */
export function normalizePhone(raw: string, market: MarketInfo): string | null {
  return mobileNumberE164(raw, market.country);
}
