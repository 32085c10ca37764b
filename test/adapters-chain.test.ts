// The Esplora (on-chain Bitcoin) and TronGrid (USDT TRC20) adapters against their fakes.
import { describe, expect, it } from 'vitest';
import { isP2wpkhAddress } from '@/lib/rails/onchain/bip84';
import { EsploraAdapter } from '@/lib/rails/onchain/esplora';
import { isTronAddress } from '@/lib/rails/tron/address';
import { READ_PAGES_PER_POLL, TRON_BACKOFF_SECONDS, TRON_PENALTY_SECONDS, TronGridAdapter, tronConfigSchema } from '@/lib/rails/tron/trongrid';
import { BackendError } from '@/lib/rails/types';
import { input, TRON_XPUB, view, ZPUB } from './adapter-helpers';
import { startFakeEsplora } from './fakes/esplora';
import { startFakeTronGrid } from './fakes/trongrid';
import { now } from './lifecycle-helpers';

describe('Esplora adapter (fake Esplora)', () => {
  it('derives mainnet addresses and counts outputs with the configured confirmations', async () => {
    const fake = await startFakeEsplora();
    try {
      const a = new EsploraAdapter({ url: fake.url, xpub: ZPUB, confirmations: 3, timeoutMs: 2000 });
      expect(a.deriveAddress(0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
      const address = a.deriveAddress(5);
      expect(isP2wpkhAddress(address, 'mainnet')).toBe(true);
      const p = await a.createPrompt(input({ rail: 'btc_onchain', currency: 'BTC', amount: 50_000, address }));
      const v = view(p, { rail: 'btc_onchain', currency: 'BTC', amount: 50_000 });
      expect(await a.getStatus(v)).toMatchObject({ state: 'waiting', received: 0, seen: 0 });
      const txid = fake.send(address, 50_000);
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', received: 0, seen: 50_000, confirmations: 0 });
      fake.confirm(txid, fake.tip); // 1 confirmation of 3
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', seen: 50_000, confirmations: 1 });
      fake.tip += 2;
      expect(await a.getStatus(v)).toMatchObject({ state: 'confirmed', received: 50_000, seen: 0 });
    } finally {
      await fake.close();
    }
  });

  it('refuses testnet keys for live, times out, and rejects garbage', async () => {
    expect(
      () =>
        new EsploraAdapter({
          url: 'http://127.0.0.1:1',
          xpub: 'vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc',
          confirmations: 1,
          timeoutMs: 100,
        }),
    ).toThrow(/mainnet/);
    const fake = await startFakeEsplora();
    try {
      const a = new EsploraAdapter({ url: fake.url, xpub: ZPUB, confirmations: 1, timeoutMs: 300 });
      const v = view({ destination: a.deriveAddress(1), backendRef: '', details: {}, expiresAt: null }, { rail: 'btc_onchain' });
      fake.mode = 'garbage';
      await expect(a.getStatus(v)).rejects.toBeInstanceOf(BackendError);
      fake.mode = 'timeout';
      await expect(a.getStatus(v)).rejects.toThrow(/timed out/);
    } finally {
      await fake.close();
    }
  });
});

describe('Esplora adapter: long histories (issue 24)', () => {
  it('a history longer than one answer: counted from the address totals, only the transactions short of their confirmations read', async () => {
    const fake = await startFakeEsplora();
    try {
      const a = new EsploraAdapter({ url: fake.url, xpub: ZPUB, confirmations: 2, timeoutMs: 2000 });
      const address = a.deriveAddress(7);
      const v = view({ destination: address, backendRef: address, details: {}, expiresAt: null }, { rail: 'btc_onchain', currency: 'BTC', amount: 60_000 });
      for (let i = 0; i < 30; i++) fake.send(address, 1_000, fake.tip - 10 - i); // deep enough
      for (let i = 0; i < 30; i++) fake.send(address, 1_000, fake.tip); // 1 confirmation of 2
      fake.send(address, 500); // in the mempool
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', received: 30_000, seen: 30_500, confirmations: 0 });
      // The newest page (25 of the tip's 30) and the next one, where the deep ones begin; never the rest.
      expect(fake.requests.filter((r) => r.path.includes('/txs/chain/'))).toHaveLength(1);
      fake.tip += 1;
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', received: 60_000, seen: 500 });
    } finally {
      await fake.close();
    }
  });

  it('an address flooded with 5,026 dust transactions is read in a few requests, every satoshi counted', async () => {
    const fake = await startFakeEsplora();
    try {
      const a = new EsploraAdapter({ url: fake.url, xpub: ZPUB, confirmations: 1, timeoutMs: 5000 });
      const address = a.deriveAddress(8);
      const v = view({ destination: address, backendRef: address, details: {}, expiresAt: null }, { rail: 'btc_onchain', currency: 'BTC', amount: 1_000 });
      fake.flood(address, 5_026, 546);
      fake.requests.length = 0;
      expect(await a.getStatus(v)).toMatchObject({ state: 'confirmed', received: 5_026 * 546, seen: 0 });
      expect(fake.requests.length).toBeLessThanOrEqual(8);
    } finally {
      await fake.close();
    }
  });
});

describe('Esplora adapter: the chain as it is now (reorgs, eviction, replacement, failures)', () => {
  const setup = async (confirmations = 1) => {
    const fake = await startFakeEsplora();
    const a = new EsploraAdapter({ url: fake.url, xpub: ZPUB, confirmations, timeoutMs: 2000 });
    const address = a.deriveAddress(11);
    const v = view({ destination: address, backendRef: address, details: {}, expiresAt: null }, { rail: 'btc_onchain', currency: 'BTC', amount: 50_000 });
    return { fake, a, address, v };
  };

  it('a long history read while a reorg happens is read again, never a shorter history', async () => {
    const { fake, a, address, v } = await setup(30);
    try {
      for (let i = 59; i >= 0; i--) fake.send(address, 1_000, fake.tip - i);
      const tip = fake.tip;
      // Esplora answers an unknown last_seen_txid with `[]`, like the end of the history.
      fake.onRequest = (path) => {
        const m = /\/txs\/chain\/([0-9a-f]{64})$/.exec(path);
        if (!m) return;
        fake.onRequest = undefined;
        fake.reorg(tip - 25, [m[1]!]); // the 25 newest blocks disconnected, the last seen tx double-spent
      };
      // The chain as it now is: 24 back in the mempool, 35 still mined, 6 of them with 30 confirmations.
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', received: 6_000, seen: 53_000 });
      expect(fake.requests.filter((r) => r.path === '/blocks/tip/hash')).toHaveLength(4); // two reads, each between two looks at the tip
    } finally {
      await fake.close();
    }
  });

  it('a long history the chain moves under at every read is a failed read about that address, not a sign the backend is down', async () => {
    const { fake, a, address, v } = await setup(3);
    try {
      for (let i = 0; i < 30; i++) fake.send(address, 1_000, fake.tip - i);
      fake.onRequest = (path) => {
        if (path === `/address/${address}`) fake.tip += 1; // a block during each read
      };
      const err = await a.getStatus(v).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackendError);
      expect(err).toMatchObject({ kind: 'request', message: expect.stringMatching(/the chain moved during each of 3 reads/) });
    } finally {
      await fake.close();
    }
  });

  it('a long history whose pages show a block above the tip read (indexes at different heights) is read again, never counted short', async () => {
    const { fake, a, address, v } = await setup(2);
    try {
      for (let i = 0; i < 30; i++) fake.send(address, 1_000, fake.tip - 5 - i);
      const ahead = fake.txs.get(address)!.at(-1)!;
      const mined = ahead.status;
      ahead.status = { ...mined, block_height: fake.tip + 1 }; // the history's index one block ahead of the tip's
      let reads = 0;
      fake.onRequest = (path) => {
        if (path !== '/blocks/tip/hash' || ++reads !== 3) return;
        ahead.status = mined; // caught up when the second read starts
      };
      expect(await a.getStatus(v)).toMatchObject({ state: 'confirmed', received: 30_000, seen: 0 });
      expect(reads).toBe(4);
    } finally {
      await fake.close();
    }
  });

  it('a reorg sends a mined payment back to the mempool: received goes back to seen', async () => {
    const { fake, a, address, v } = await setup(2);
    try {
      const txid = fake.send(address, 50_000, fake.tip);
      fake.tip += 1;
      expect(await a.getStatus(v)).toMatchObject({ state: 'confirmed', received: 50_000, seen: 0 });
      fake.reorg(fake.tip - 2); // both blocks gone: the payment waits in the mempool again
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', received: 0, seen: 50_000, confirmations: 0, details: { txids: [txid] } });
      fake.confirm(txid, fake.tip + 1);
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', received: 0, seen: 50_000, confirmations: 1 });
    } finally {
      await fake.close();
    }
  });

  it('a payment the reorg double-spent, or the mempool evicted, is no longer seen', async () => {
    const { fake, a, address, v } = await setup(2);
    try {
      const mined = fake.send(address, 20_000, fake.tip); // 1 confirmation of 2
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', seen: 20_000, confirmations: 1 });
      fake.reorg(fake.tip - 1, [mined]);
      expect(await a.getStatus(v)).toMatchObject({ state: 'waiting', received: 0, seen: 0, details: { txids: [] } });
      const waiting = fake.send(address, 30_000);
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', seen: 30_000 });
      fake.evict(waiting);
      expect(await a.getStatus(v)).toMatchObject({ state: 'waiting', received: 0, seen: 0 });
    } finally {
      await fake.close();
    }
  });

  it('a replacement (RBF) paying another amount: only the replacement is seen', async () => {
    const { fake, a, address, v } = await setup();
    try {
      const first = fake.send(address, 50_000);
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', seen: 50_000, details: { txids: [first] } });
      const second = fake.replace(first, 30_000);
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', received: 0, seen: 30_000, details: { txids: [second] } });
      fake.confirm(second, fake.tip);
      expect(await a.getStatus(v)).toMatchObject({ state: 'confirmed', received: 30_000, seen: 0 });
    } finally {
      await fake.close();
    }
  });

  it('every output to the address counts, in one transaction', async () => {
    const { fake, a, address, v } = await setup();
    try {
      fake.pay(
        [
          { address, value: 20_000 },
          { address: a.deriveAddress(12), value: 5_000 },
          { address, value: 30_000 },
        ],
        fake.tip,
      );
      expect(await a.getStatus(v)).toMatchObject({ state: 'confirmed', received: 50_000, seen: 0 });
    } finally {
      await fake.close();
    }
  });

  it('a mempool transaction with block_height absent (electrs) or null (API.md) is seen, not a failed read', async () => {
    const { fake, a, address, v } = await setup(2);
    try {
      const absent = fake.send(address, 20_000);
      const nulled = fake.send(address, 30_000);
      const tx = fake.txs.get(address)!.find((t) => t.txid === nulled)!;
      tx.status = { confirmed: false, block_height: null, block_hash: null, block_time: null } as unknown as typeof tx.status;
      expect(fake.txs.get(address)!.find((t) => t.txid === absent)!.status).toEqual({ confirmed: false });
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', received: 0, seen: 50_000, confirmations: 0 });
    } finally {
      await fake.close();
    }
  });

  it.each([429, 500, 502, 503] as const)('HTTP %i (rate limit, server down) is a BackendError, never "nothing received"', async (status) => {
    const { fake, a, address, v } = await setup();
    try {
      fake.send(address, 50_000, fake.tip);
      fake.failNext(status);
      await expect(a.getStatus(v)).rejects.toSatisfy((e) => e instanceof BackendError && e.message.includes(`HTTP ${status}`));
      expect(await a.getStatus(v)).toMatchObject({ state: 'confirmed', received: 50_000 });
    } finally {
      await fake.close();
    }
  });
});

describe('TronGrid adapter (fake TronGrid)', () => {
  it('counts only solidified USDT transfers to the address, once each', async () => {
    const fake = await startFakeTronGrid('tg-key');
    try {
      const a = new TronGridAdapter({ url: fake.url, apiKey: 'tg-key', xpub: TRON_XPUB, contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', timeoutMs: 2000 });
      const address = a.deriveAddress(0);
      expect(address).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
      expect(isTronAddress(a.deriveAddress(9))).toBe(true);
      const v = view({ destination: address, backendRef: address, details: {}, expiresAt: null }, { rail: 'usdt_trc20', currency: 'USDT', amount: 5_000_000 });
      expect(await a.getStatus(v)).toMatchObject({ state: 'waiting' });
      fake.send(address, 999, { contract: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', confirmed: true }); // another token: ignored
      const tx = fake.send(address, 5_000_000);
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', received: 0, seen: 5_000_000 });
      fake.solidify(tx);
      expect(await a.getStatus(v)).toMatchObject({ state: 'confirmed', received: 5_000_000, seen: 0 });
      // The same transfer (one log) listed twice by the account listing is counted once.
      fake.transfers.push({ ...fake.transfers.find((t) => t.transaction_id === tx)! });
      expect(await a.getStatus(v)).toMatchObject({ state: 'confirmed', received: 5_000_000, seen: 0 });
      expect(fake.requests.every((r) => r.headers['tron-pro-api-key'] === 'tg-key')).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it('pages with meta.fingerprint, and counts two transfers of one transaction', async () => {
    const fake = await startFakeTronGrid();
    try {
      const a = new TronGridAdapter({ url: fake.url, apiKey: 'tg-key', xpub: TRON_XPUB, contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', timeoutMs: 2000 });
      const address = a.deriveAddress(3);
      const v = view({ destination: address, backendRef: address, details: {}, expiresAt: null }, { rail: 'usdt_trc20', currency: 'USDT', amount: 1_000_000 });
      for (let i = 0; i < 205; i++) fake.send(address, 1_000, { confirmed: true });
      const batch = fake.send(address, 2_000_000, { confirmed: true });
      fake.send(address, 3_000_000, { confirmed: true, txid: batch }); // a second transfer in the same transaction
      expect(await a.getStatus(v)).toMatchObject({ state: 'confirmed', received: 205_000 + 5_000_000, seen: 0 });
    } finally {
      await fake.close();
    }
  });

  it('two equal transfers in one transaction are two payments (told apart by event_index)', async () => {
    const fake = await startFakeTronGrid();
    try {
      const a = new TronGridAdapter({ url: fake.url, apiKey: 'tg-key', xpub: TRON_XPUB, contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', timeoutMs: 2000 });
      const address = a.deriveAddress(4);
      const v = view({ destination: address, backendRef: address, details: {}, expiresAt: null }, { rail: 'usdt_trc20', currency: 'USDT', amount: 2_000_000 });
      const tx = fake.send(address, 1_000_000);
      fake.send(address, 1_000_000, { txid: tx }); // same sender, same amount, next log
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', received: 0, seen: 2_000_000 });
      fake.solidify(tx);
      expect(await a.getStatus(v)).toMatchObject({ state: 'confirmed', received: 2_000_000, seen: 0, details: { txids: [tx] } });
      expect(fake.requests.filter((r) => r.path.startsWith(`/v1/transactions/${tx}/events`)).length).toBeGreaterThan(0);
    } finally {
      await fake.close();
    }
  });

  it('reads on from where the last read stopped (details.trc20Read): the same totals as a full read, only the news asked for (issue 24)', async () => {
    const fake = await startFakeTronGrid();
    try {
      const a = new TronGridAdapter({ url: fake.url, apiKey: 'tg-key', xpub: TRON_XPUB, contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', timeoutMs: 2000 });
      const address = a.deriveAddress(6);
      let v = view({ destination: address, backendRef: address, details: {}, expiresAt: null }, { rail: 'usdt_trc20', currency: 'USDT', amount: 1_000_000 });
      const poll = async () => {
        const st = await a.getStatus(v, now());
        v = { ...v, details: { ...v.details, ...st.details } };
        return st;
      };
      for (let i = 0; i < 300; i++) fake.send(address, 1_000, { confirmed: true });
      fake.dust(address, 500);
      expect(await poll()).toMatchObject({ state: 'confirmed', received: 300_000, seen: 0 });
      expect(v.details.trc20Read).toMatchObject({ sum: expect.any(Number), from: expect.any(Number) });
      // Nothing new: one page of each listing (the watermark trails the newest block by a minute).
      fake.requests.length = 0;
      expect(await poll()).toMatchObject({ state: 'confirmed', received: 300_000 });
      expect(fake.requests).toHaveLength(2);
      expect(fake.requests.find((r) => r.path.includes('only_confirmed'))!.path).toMatch(/order_by=block_timestamp%2Casc&min_timestamp=\d+/);
      // A transfer the index shows late, in a block just below the newest one read, is still counted.
      const newest = Math.max(...fake.transfers.map((t) => t.block_timestamp));
      const late = fake.send(address, 7_000, { confirmed: true });
      fake.transfers.find((t) => t.transaction_id === late)!.block_timestamp = newest - 30_000;
      fake.send(address, 2_000, { confirmed: true });
      expect(await poll()).toMatchObject({ state: 'confirmed', received: 309_000 });
      // And the same totals as a read from scratch.
      expect(await a.getStatus({ ...v, details: {} }, now())).toMatchObject({ state: 'confirmed', received: 309_000 });
    } finally {
      await fake.close();
    }
  });

  it('a long history is read a bounded number of pages a call, going on from where the last call stopped (issue 24)', async () => {
    const fake = await startFakeTronGrid();
    try {
      const a = new TronGridAdapter({ url: fake.url, apiKey: 'tg-key', xpub: TRON_XPUB, contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', timeoutMs: 5000 });
      const address = a.deriveAddress(7);
      let details: Record<string, unknown> = {};
      fake.dust(address, 6_000, { perBlock: 7 });
      fake.send(address, 4_000_000, { confirmed: true });
      fake.dust(address, 6_000);
      const reports = [];
      for (let i = 0; i < 6; i++) {
        fake.requests.length = 0;
        const st = await a.getStatus(
          view({ destination: address, backendRef: address, details, expiresAt: null }, { rail: 'usdt_trc20', currency: 'USDT', amount: 4_000_000 }),
          now(),
        );
        expect(fake.requests.length).toBeLessThanOrEqual(READ_PAGES_PER_POLL + 2);
        details = { ...details, ...st.details };
        reports.push(st);
        if (st.complete !== false) break;
      }
      expect(reports.map((r) => r.complete)).toEqual([false, false, undefined]); // 12,001 entries: 61 pages
      expect(reports.at(-1)).toMatchObject({ state: 'confirmed', received: 4_000_000, seen: 0 });
    } finally {
      await fake.close();
    }
  });

  it('an unconfirmed transfer whose block was not solidified is no longer seen', async () => {
    const fake = await startFakeTronGrid();
    try {
      const a = new TronGridAdapter({ url: fake.url, apiKey: 'tg-key', xpub: TRON_XPUB, contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', timeoutMs: 2000 });
      const address = a.deriveAddress(5);
      const v = view({ destination: address, backendRef: address, details: {}, expiresAt: null }, { rail: 'usdt_trc20', currency: 'USDT', amount: 2_000_000 });
      const tx = fake.send(address, 2_000_000);
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', seen: 2_000_000 });
      fake.drop(tx);
      expect(await a.getStatus(v)).toMatchObject({ state: 'waiting', received: 0, seen: 0, details: { txids: [] } });
    } finally {
      await fake.close();
    }
  });

  it.each([
    [429, TRON_BACKOFF_SECONDS],
    [403, TRON_PENALTY_SECONDS],
    [503, TRON_BACKOFF_SECONDS],
  ] as const)('its documented rate-limit answer %i ({success: false}) is a BackendError, and no call is made for %i s after it', async (status, wait) => {
    const fake = await startFakeTronGrid();
    try {
      const a = new TronGridAdapter({ url: fake.url, apiKey: 'tg-key', xpub: TRON_XPUB, contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', timeoutMs: 2000 });
      const address = a.deriveAddress(6);
      const v = view({ destination: address, backendRef: address, details: {}, expiresAt: null }, { rail: 'usdt_trc20', currency: 'USDT', amount: 2_000_000 });
      fake.send(address, 2_000_000, { confirmed: true });
      const t = 1_800_000_000;
      fake.failNext(status);
      await expect(a.getStatus(v, t)).rejects.toSatisfy((e) => e instanceof BackendError && e.message.includes(`HTTP ${status}`));
      const calls = fake.requests.length;
      // Backing off: answered at once, TronGrid not asked (hammering it prolongs the penalty).
      await expect(a.getStatus(v, t + wait - 1)).rejects.toThrow(/rate-limited/);
      expect(fake.requests.length).toBe(calls);
      expect(await a.getStatus(v, t + wait)).toMatchObject({ state: 'confirmed', received: 2_000_000, seen: 0 });
    } finally {
      await fake.close();
    }
  });

  it('rate limits in a row back off exponentially (429: 5 s, 10 s, 20 s...), reset by a success', async () => {
    const fake = await startFakeTronGrid();
    try {
      const a = new TronGridAdapter({ url: fake.url, apiKey: 'tg-key', xpub: TRON_XPUB, contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', timeoutMs: 2000 });
      const v = view({ destination: a.deriveAddress(7), backendRef: '', details: {}, expiresAt: null }, { rail: 'usdt_trc20', currency: 'USDT', amount: 1 });
      const t = 1_800_000_000;
      fake.failNext(429, 3);
      await expect(a.getStatus(v, t)).rejects.toThrow(/HTTP 429/);
      expect(a.backoffUntil).toBe(t + 5);
      await expect(a.getStatus(v, t + 5)).rejects.toThrow(/HTTP 429/);
      expect(a.backoffUntil).toBe(t + 15);
      await expect(a.getStatus(v, t + 15)).rejects.toThrow(/HTTP 429/);
      expect(a.backoffUntil).toBe(t + 35);
      expect(await a.getStatus(v, t + 35)).toMatchObject({ state: 'waiting' });
      fake.failNext(429);
      await expect(a.getStatus(v, t + 40)).rejects.toThrow(/HTTP 429/);
      expect(a.backoffUntil).toBe(t + 45);
    } finally {
      await fake.close();
    }
  });

  it('live mode needs an API key (TronGrid blocks keyless use), sent on every call; each address is polled every 30 s at most', () => {
    expect(() =>
      tronConfigSchema.parse({ url: 'https://api.trongrid.io', xpub: TRON_XPUB, contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', timeoutMs: 2000 }),
    ).toThrow(/TRONGRID_API_KEY/);
    const a = new TronGridAdapter({
      url: 'https://api.trongrid.io',
      apiKey: 'k',
      xpub: TRON_XPUB,
      contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      timeoutMs: 2000,
    });
    expect(a.pollSeconds).toBeGreaterThanOrEqual(30);
  });

  it('times out and rejects garbage', async () => {
    const fake = await startFakeTronGrid();
    try {
      const a = new TronGridAdapter({ url: fake.url, apiKey: 'tg-key', xpub: TRON_XPUB, contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', timeoutMs: 300 });
      const v = view({ destination: a.deriveAddress(0), backendRef: '', details: {}, expiresAt: null }, { rail: 'usdt_trc20' });
      fake.mode = 'garbage';
      await expect(a.getStatus(v)).rejects.toBeInstanceOf(BackendError);
      fake.mode = 'timeout';
      await expect(a.getStatus(v)).rejects.toThrow(/timed out/);
    } finally {
      await fake.close();
    }
  });
});
