// The CSV export route (app/dashboard/payments/export/route.ts) with a signed-in context: bad
// filters are refused with a 400 before the download starts (issue 24, item 7: a NUL in the search
// started a 200 download that was then cut mid-stream when PostgreSQL refused the query).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { newMerchant, useDatabase } from './api';

const { db } = useDatabase();
let merchantId = '';

// The route reads the session from Next's request cookies; here the session is this merchant's, in test mode.
vi.mock('@/lib/dashboard/context', () => {
  const ctx = async () => ({
    db: db(),
    merchantId,
    livemode: false,
    scope: { merchantId, livemode: false },
    locale: 'en',
    timeZone: 'Africa/Abidjan',
    token: 't',
    user: {},
  });
  return { currentContext: ctx, routeContext: ctx };
});

beforeAll(async () => {
  merchantId = (await newMerchant(db(), 'Export shop')).merchant.id;
});

describe('CSV export', () => {
  it('a NUL anywhere in the filters is a 400 answered before any row is read, not a cut download', async () => {
    const { GET } = await import('@/app/dashboard/payments/export/route');
    for (const query of ['q=order%001', 'q=%00', 'after=pi_%00&q=x']) {
      const r = await GET(new Request(`http://localhost:3000/dashboard/payments/export?${query}`));
      expect(r.status, query).toBe(400);
      expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await r.text()).toMatch(/^Invalid filters: /);
    }
    const ok = await GET(new Request('http://localhost:3000/dashboard/payments/export?q=order-1'));
    expect(ok.status).toBe(200);
    expect((await ok.text()).split('\r\n')[0]).toMatch(/^id,/);
  });
});
