// Which rails exist for a currency and what limits an operator's configuration adds. The money
// rules of lib/domain/money.ts are the ceiling; this file may only narrow them.
import { boundsFor, RAIL_CURRENCIES, RAILS, type Bounds, type Currency, type Rail } from '../domain/money';

export interface RailPolicy {
  rail: Rail;
  currencies: readonly Currency[];
  bounds(currency: Currency): Bounds;
}

export function railPolicy(rail: Rail): RailPolicy {
  return {
    rail,
    currencies: RAIL_CURRENCIES[rail],
    bounds: (currency) => boundsFor(currency, rail),
  };
}

export const railsForCurrency = (currency: Currency): Rail[] =>
  RAILS.filter((r) => railPolicy(r).currencies.includes(currency));
