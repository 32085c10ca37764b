// The LND REST adapter against its fake LND.
import { describe, expect, it } from 'vitest';
import { LndAdapter } from '@/lib/rails/lightning/lnd';
import { BackendError } from '@/lib/rails/types';
import { input, view } from './adapter-helpers';
import { startFakeLnd } from './fakes/lnd';
import { now } from './lifecycle-helpers';

describe('LND REST adapter (fake LND)', () => {
  it('creates an invoice, looks it up, maps OPEN / SETTLED / CANCELED and expiry', async () => {
    const fake = await startFakeLnd('abcdef0123');
    try {
      const a = new LndAdapter({ restUrl: fake.url, macaroonHex: 'abcdef0123', timeoutMs: 2000 });
      const t = now();
      const p = await a.createPrompt(input({ rail: 'btc_lightning', currency: 'BTC', amount: 2100, expiresAt: t + 600, now: t }));
      expect(p.backendRef).toMatch(/^[0-9a-f]{64}$/);
      expect(p.expiresAt).toBe(t + 600);
      expect(fake.invoices.get(p.backendRef)).toMatchObject({ value: 2100, expiry: 600 });
      const v = view(p, { rail: 'btc_lightning', currency: 'BTC', amount: 2100 });
      expect(await a.getStatus(v, t)).toMatchObject({ state: 'waiting' });
      expect(await a.getStatus(v, t + 601)).toMatchObject({ state: 'expired' });
      fake.settle(p.backendRef);
      expect(await a.getStatus(v, t)).toMatchObject({ state: 'confirmed', received: 2100 });
      fake.invoices.get(p.backendRef)!.state = 'CANCELED';
      expect(await a.getStatus(v, t)).toMatchObject({ state: 'expired' });
      await expect(new LndAdapter({ restUrl: fake.url, macaroonHex: 'ff', timeoutMs: 2000 }).createPrompt(input({ rail: 'btc_lightning', currency: 'BTC' }))).rejects.toBeInstanceOf(BackendError);
    } finally {
      await fake.close();
    }
  });

  it('times out and rejects garbage', async () => {
    const fake = await startFakeLnd('aa');
    try {
      const a = new LndAdapter({ restUrl: fake.url, macaroonHex: 'aa', timeoutMs: 300 });
      fake.mode = 'timeout';
      await expect(a.createPrompt(input({ rail: 'btc_lightning', currency: 'BTC' }))).rejects.toThrow(/timed out/);
      fake.mode = 'garbage';
      await expect(a.getStatus(view({ destination: 'ln', backendRef: '00'.repeat(32), details: {}, expiresAt: null }), now())).rejects.toBeInstanceOf(BackendError);
    } finally {
      await fake.close();
    }
  });
});

