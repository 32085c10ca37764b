// One seam per rail family: push (MTN MoMo), redirect (Orange Money, Wave), invoice (Lightning),
// address (Bitcoin on-chain, USDT on TRON). The engine asks the family's object what to do instead
// of testing rail names. Pure: may import lib/rails (types, operator table), lib/money, lib/config.
import { ADDRESS_RAILS, isMobileMoneyRail } from '../../money';
import { operatorInfo } from '../../rails/mobile-money/operators';
import type { RailAdapter } from '../../rails/types';
import { address } from './address';
import { invoice } from './invoice';
import { push } from './push';
import { redirect } from './redirect';
import type { RailFamily } from './types';

export type { RailFamily, FamilyName } from './types';
export { push, redirect, invoice, address };

/**
 * The family of an adapter. Derived from its kind and flow today; when RailAdapter carries its
 * `family` (lib/rails), this reads it.
 */
export function familyOf(adapter: Pick<RailAdapter, 'kind' | 'flow' | 'rail'>): RailFamily {
  if (adapter.kind === 'mobile_money') return adapter.flow === 'redirect' ? redirect : push;
  return (ADDRESS_RAILS as readonly string[]).includes(adapter.rail) ? address : invoice;
}

/**
 * The family of a rail by its name, where no adapter is at hand (a row whose rail is not configured
 * in this process, the pure decision): a mobile-money rail's flow is its operator's (configuration).
 */
export function familyOfRail(rail: string): RailFamily {
  if (isMobileMoneyRail(rail)) return operatorInfo(rail).flow === 'redirect' ? redirect : push;
  return (ADDRESS_RAILS as readonly string[]).includes(rail) ? address : invoice;
}
