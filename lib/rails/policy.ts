// Which rails exist for a currency and what limits an operator's configuration adds. The money
// rules of lib/money.ts (its rail catalog) are the ceiling; this file may only narrow them.
import { type Bounds, boundsFor, type Currency, isMobileMoneyRail, narrow, RAIL_CURRENCIES, RAILS, type Rail } from '../money';
import { operatorInfo } from './mobile-money/operators';

export interface RailPolicy {
  rail: Rail;
  currencies: readonly Currency[];
  bounds(currency: Currency): Bounds;
  /** Amounts must be a multiple of this (an operator's rounding); 1 = any integer. */
  amountStep(currency: Currency): number;
}

export function railPolicy(rail: Rail): RailPolicy {
  if (isMobileMoneyRail(rail)) {
    const op = operatorInfo(rail);
    return {
      rail,
      currencies: RAIL_CURRENCIES[rail].filter((c) => op.currencies.includes(c)),
      bounds: (currency) => narrow(boundsFor(currency, rail), op.bounds(currency)),
      amountStep: () => op.amountStep,
    };
  }
  return {
    rail,
    currencies: RAIL_CURRENCIES[rail],
    bounds: (currency) => boundsFor(currency, rail),
    amountStep: () => 1,
  };
}

export const railsForCurrency = (currency: Currency): Rail[] => RAILS.filter((r) => railPolicy(r).currencies.includes(currency));
