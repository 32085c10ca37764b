// Which rails exist for a currency and what limits an operator's configuration adds. The money
// rules of lib/money.ts (its rail catalog) are the ceiling; this file may only narrow them.
import { type Bounds, boundsFor, type Currency, isMobileMoneyRail, narrow, RAIL_CURRENCIES, RAILS, type Rail } from '../money';
import { type OperatorInfo, operatorInfo } from './mobile-money/operators';

export interface RailPolicy {
  rail: Rail;
  currencies: readonly Currency[];
  bounds(currency: Currency): Bounds;
  /** Amounts must be a multiple of this (an operator's rounding); 1 = any integer. */
  amountStep(currency: Currency): number;
}

/** A rail's policy; a mobile-money rail's narrowed by `operator` (a merchant's account), else the deployment's. */
export function railPolicy(rail: Rail, operator?: OperatorInfo | null): RailPolicy {
  if (isMobileMoneyRail(rail)) {
    const op = operator ?? operatorInfo(rail);
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
