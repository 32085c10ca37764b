// The rails on offer for a currency: configured in this mode, backend not down, a fresh rate for a
// converting rail, and above the rail's floor once converted. What the hosted page lists and the
// API's nextAction promises. May call lib/domain (rail-health, quotes), lib/rates, lib/rails.
import type { Db } from '../db/client';
import { convertsTo } from '../domain/conversion';
import { merchantRails, operatorOf, type RailScope } from '../domain/merchant-rails';
import { backendKey, downBackends } from '../domain/rail-health';
import { nowSeconds } from '../ids';
import { boundsFor, type Currency, isMobileMoneyRail, RAIL_CATALOG, RAILS, type Rail } from '../money';
import { railPolicy } from '../rails/policy';
import type { RailAdapter, RailKind } from '../rails/types';
import { settlementAmount } from '../rates/quotes';
import { currentRates } from '../rates/store';

export interface AvailableRail {
  rail: Rail;
  kind: RailKind;
  displayName: string;
  country?: string;
  dialCode?: string;
  nationalPattern?: string;
  exampleNumber?: string;
  ussdCode?: string;
  network?: string;
  /** Mobile money: how the payer is asked (push on the phone, or the operator's page/app). */
  flow?: 'push' | 'redirect';
  protocol?: 'mtn_momo' | 'orange_money' | 'wave';
  /**
   * A rail that converts (francs paid in BTC or USDT): about what the payer would pay now for
   * `opts.amount` (settlement minor units, at the current rate, rounded up like a quote). Null for
   * a rail in the intent's own currency, or when no amount was given.
   */
  approx: { amount: number; currency: Currency; rate: string } | null;
}

type Rate = { from: string; to: string; rate: string };

/**
 * Rails that take `currency`, that this merchant can take in this mode (its own accounts, else the
 * deployment's: merchant-rails.ts), and whose backend is not down (rail-health.ts, in the
 * database). An address rail always has an address to give (addresses.ts).
 */
export async function availableRails(
  db: Db,
  scope: RailScope,
  currency: Currency,
  opts: { now?: number; intentId?: string; amount?: number } = {},
): Promise<AvailableRail[]> {
  const now = opts.now ?? nowSeconds();
  const livemode = scope.livemode;
  const adapters = await merchantRails(db, scope);
  const live = [...adapters.values()].filter((a) => a.mode === 'live');
  const down = await downBackends(db, live.map(backendKey), now);
  // A converting rail is offered only with a fresh rate (one query for every pair, none in test mode).
  const rates: Rate[] = RAILS.some((r) => convertsTo(r, currency)) ? await currentRates(db, livemode, now) : [];
  const out: AvailableRail[] = [];
  for (const rail of RAILS) {
    const to = convertsTo(rail, currency);
    if (!railPolicy(rail).currencies.includes(currency) && to === null) continue;
    const rate = to === null ? null : rates.find((r) => r.from === currency && r.to === to);
    if (to !== null && !rate) continue;
    const adapter = adapters.get(rail);
    if (!adapter || (adapter.mode === 'live' && down.has(backendKey(adapter)))) continue;
    if (!railPolicy(rail, operatorOf(adapter)).currencies.includes(currency) && to === null) continue;
    const offered = isMobileMoneyRail(rail) ? mobileMoneyOffer(adapter, currency) : otherOffer(adapter, currency, livemode, to, rate ?? null, opts.amount);
    if (offered) out.push(offered);
  }
  return out;
}

function mobileMoneyOffer(adapter: RailAdapter, currency: Currency): AvailableRail | null {
  const rail = adapter.rail;
  const op = operatorOf(adapter);
  const m = op?.markets[currency];
  if (!op || !m) return null;
  return {
    rail,
    kind: 'mobile_money',
    displayName: op.displayName,
    country: m.country,
    dialCode: m.dialCode,
    nationalPattern: m.nationalPattern.source,
    exampleNumber: m.exampleNumber,
    ussdCode: m.ussdCode,
    flow: op.flow,
    protocol: op.protocol,
    approx: null,
  };
}

function otherOffer(
  adapter: RailAdapter,
  currency: Currency,
  livemode: boolean,
  to: Currency | null,
  rate: Rate | null,
  amount: number | undefined,
): AvailableRail | null {
  const rail = adapter.rail;
  const entry = RAIL_CATALOG[rail];
  const network = entry.network ? entry.network[livemode ? 'live' : 'test'] : '';
  const approx =
    to !== null && rate && amount !== undefined && amount > 0
      ? { amount: settlementAmount(amount, currency, to, rate.rate), currency: to, rate: rate.rate }
      : null;
  // Not offered when the amount, converted, is below what the rail takes (1,000 sats on-chain).
  if (approx && approx.amount < boundsFor(to!, rail).min) return null;
  return { rail, kind: adapter.kind, displayName: entry.shortLabel ?? rail, network, approx };
}
