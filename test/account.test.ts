// The merchant's account settings (issue 28): its time zone, Africa/Abidjan by default, set to any
// IANA name (stored as the runtime spells it), refused otherwise with a 400 naming timeZone; one
// setting for both modes, and another merchant's untouched.
import { describe, expect, it } from 'vitest';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();

describe('GET and POST /v1/account', () => {
  it('defaults to Africa/Abidjan; takes an IANA name in any case; refuses the rest; both modes, this merchant only', async () => {
    const m = await newMerchant(db(), 'Boutique du fuseau');
    const other = await newMerchant(db(), 'Another shop');
    const got = await call('GET', '/v1/account', { key: m.keys.test });
    expect(got.body).toEqual({
      id: m.merchant.id,
      object: 'account',
      name: 'Boutique du fuseau',
      timeZone: 'Africa/Abidjan',
      refundApprovalThresholds: {},
      railAccountApproval: false,
      pendingChange: null,
      livemode: false,
    });
    const set = await call('POST', '/v1/account', { key: m.keys.live, body: { timeZone: 'africa/douala' } });
    expect(set.body).toMatchObject({ timeZone: 'Africa/Douala', livemode: true });
    expect((await call('GET', '/v1/account', { key: m.keys.test })).body.timeZone).toBe('Africa/Douala');
    expect((await call('GET', '/v1/account', { key: other.keys.test })).body.timeZone).toBe('Africa/Abidjan');
    for (const bad of ['Mars/Olympus', 'GMT+25', '', '../../etc', 'A'.repeat(65), 42]) {
      const r = await call('POST', '/v1/account', { key: m.keys.test, body: { timeZone: bad } });
      expect(r.status, String(bad)).toBe(400);
      expect(r.body.error.param).toBe('timeZone');
    }
    expect((await call('POST', '/v1/account', { key: m.keys.test, body: { name: 'x' } })).status).toBe(400);
    expect((await call('GET', '/v1/account', { key: m.keys.test })).body.timeZone).toBe('Africa/Douala');
  });
});
