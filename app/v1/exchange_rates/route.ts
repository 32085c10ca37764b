import { apiRoute, methods } from '@/lib/api/route';
import { nowSeconds } from '@/lib/ids';
import { listExchangeRates, listExchangeRatesQuery } from '@/lib/domain/exchange-rates';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/exchange_rates: the rates a quote would use now, in the key's mode; filters `from`, `to`
  GET: apiRoute({ query: listExchangeRatesQuery }, ({ db, merchant, query }) => listExchangeRates(db, merchant, query, nowSeconds())),
});
