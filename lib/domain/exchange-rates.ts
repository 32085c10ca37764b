// The exchange rates as a resource: `GET /v1/exchange_rates` lists the rates a quote would use now
// (read from lib/rates/store.ts, which knows neither lists nor merchants), and whether this
// deployment needs live rates at all (which rails are live is the rail registry's to say, not the
// rates').
import { z } from 'zod';
import type { Db } from '../db/client';
import { CONVERTING_RAILS, type Rail } from '../money';
import { BASES, type Base, CONVERTIBLE_CURRENCIES, type ConvertibleCurrency } from '../rates';
import { currentRates } from '../rates/store';
import type { Scope } from './common';
import type { ListEnvelope } from './list';
import { platformAdapter } from './merchant-rails';

/**
 * Whether this deployment quotes live rates: a converting rail (btc_lightning, btc_onchain,
 * usdt_trc20) has a live backend, the deployment's or a merchant's enabled account. Otherwise the
 * worker never calls the exchanges.
 */
export async function liveRatesNeeded(db: Db): Promise<boolean> {
  const rails = Object.keys(CONVERTING_RAILS) as Rail[];
  if (rails.some((rail) => platformAdapter(rail, true) !== null)) return true;
  const rows = await db.query(`select 1 from rail_accounts where livemode and status = 'active' and rail = any($1::text[]) limit 1`, [rails]);
  return rows.length > 0;
}

// GET /v1/exchange_rates

export const listExchangeRatesQuery = z.strictObject({
  from: z.enum(CONVERTIBLE_CURRENCIES, { error: `from must be one of ${CONVERTIBLE_CURRENCIES.join(', ')}` }).optional(),
  to: z.enum(BASES, { error: `to must be one of ${BASES.join(', ')}` }).optional(),
});

export interface ExchangeRate {
  object: 'exchange_rate';
  from: ConvertibleCurrency;
  to: Base;
  rate: string;
  source: string;
  fetchedAt: number;
}

/** The rates a quote would use now in the key's mode, filtered by `from` and `to`; pairs without a fresh rate are left out. */
export async function listExchangeRates(
  db: Db,
  scope: Scope,
  query: z.output<typeof listExchangeRatesQuery>,
  now: number,
): Promise<ListEnvelope<ExchangeRate>> {
  const rates = await currentRates(db, scope.livemode, now);
  const data = rates
    .filter((r) => (query.from === undefined || r.from === query.from) && (query.to === undefined || r.to === query.to))
    .map((r): ExchangeRate => ({ object: 'exchange_rate', from: r.from, to: r.to, rate: r.rate, source: r.source, fetchedAt: r.fetchedAt }));
  return { object: 'list', data, hasMore: false, url: '/v1/exchange_rates' };
}
