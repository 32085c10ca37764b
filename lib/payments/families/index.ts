// One seam per rail family: push (MTN MoMo), redirect (Orange Money, Wave), invoice (Lightning),
// address (Bitcoin on-chain, USDT on TRON). The engine asks the family's object what to do instead
// of testing rail names. Pure: may import lib/rails (types, operator table), lib/money, lib/config.
import { isMobileMoneyRail, isRail, RAIL_CATALOG, type RailFamily as RailFamilyName } from '../../money';
import { operatorInfo } from '../../rails/mobile-money/operators';
import type { RailAdapter } from '../../rails/types';
import { address } from './address';
import { invoice } from './invoice';
import { push } from './push';
import { redirect } from './redirect';
import type { RailFamily } from './types';

export type { FamilyName, RailFamily } from './types';
export { address, invoice, push, redirect };

const FAMILIES: Record<RailFamilyName, RailFamily> = { push, redirect, invoice, address };

/** The family of an adapter: the one it says it is (RailAdapter.family, set by each adapter and simulator). */
export function familyOf(adapter: Pick<RailAdapter, 'family'>): RailFamily {
  return FAMILIES[adapter.family];
}

/**
 * The family of a rail by its name, where no adapter is at hand (a row whose rail is not configured
 * in this process, the pure decision): the rail catalog's, and for mobile money its operator's
 * configured flow (push or redirect).
 */
export function familyOfRail(rail: string): RailFamily {
  if (isMobileMoneyRail(rail)) return FAMILIES[operatorInfo(rail).flow === 'redirect' ? 'redirect' : 'push'];
  return FAMILIES[(isRail(rail) ? RAIL_CATALOG[rail].family : null) ?? 'invoice'];
}
