import { apiRoute, methods } from '@/lib/api/route';
import { listExchangeRates, listExchangeRatesQuery } from '@/lib/domain/exchange-rates';
import { nowSeconds } from '@/lib/ids';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/exchange_rates: the rates a quote would use now, in the key's mode; filters `from`, `to`
  GET: apiRoute({ permission: 'payments.read', query: listExchangeRatesQuery }, ({ db, merchant, query }) =>
    listExchangeRates(db, merchant, query, nowSeconds()),
  ),
});
