// npm run bench:watch — what watching open address attempts costs. WATCH_ATTEMPTS (1,000) intents
// are confirmed over usdt_trc20 (half in USDT, half in XOF: a quote locked) and left unpaid, as
// buyers who looked at the address and left; then the worker polls every one of them once (the
// backend answers "nothing yet"), and the pass is timed and its database round trips counted.
// The least work such a poll physically needs is one backend call and one write (when to ask
// again, the lease released): that write alone, timed on the same rows, is the floor printed next
// to it. Embedded PGlite, and PostgreSQL when one answers on 127.0.0.1:5432.
import { performance } from 'node:perf_hooks';
import { type Db, openDatabase, setDbHandle } from '../lib/db/client';
import { createMerchant } from '../lib/domain/merchants';
import { createPaymentIntent, createPaymentIntentInput } from '../lib/domain/payment-intents';
import { confirmPaymentIntent } from '../lib/payments/confirm';
import { pollDueAttempts } from '../lib/payments/poll';
import { onEachDatabase } from './lib';

const N = Number(process.env.WATCH_ATTEMPTS ?? 1_000);

function counting(db: Db, counter: { n: number }): Db {
  const self: Db = {
    ...db,
    query: (text: string, params?: unknown[]) => {
      counter.n++;
      return db.query(text, params);
    },
    transaction: <T>(fn: (tx: Db) => Promise<T>) => {
      if (db.inTransaction) return fn(self);
      counter.n += 2;
      return db.transaction((tx) => fn(counting(tx, counter)));
    },
  } as Db;
  return self;
}

async function run(label: string, opts: { dataDir?: string; databaseUrl?: string }) {
  const handle = await openDatabase(opts);
  setDbHandle(handle);
  const counter = { n: 0 };
  const db = counting(handle.db, counter);
  const m = await createMerchant(handle.db, 'Watch');
  const scope = { merchantId: m.merchant.id, livemode: false };
  const t0 = performance.now();
  // Each confirm timed: the first tenth (few addresses held) against the last (N held).
  const confirmMs: number[] = [];
  for (let i = 0; i < N; i++) {
    const pi = await createPaymentIntent(
      db,
      scope,
      createPaymentIntentInput.parse(
        i % 2 ? { amount: 5_000_000, currency: 'USDT', rail: 'usdt_trc20' } : { amount: 5000, currency: 'XOF', rail: 'usdt_trc20' },
      ),
    );
    const c = performance.now();
    await confirmPaymentIntent(db, scope, pi.id, {});
    confirmMs.push(performance.now() - c);
  }
  const setupMs = performance.now() - t0;
  const tenth = Math.max(1, Math.floor(N / 10));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const firstMs = median(confirmMs.slice(0, tenth));
  const lastMs = median(confirmMs.slice(-tenth));
  // Every attempt due: one worker pass after another until each was asked once.
  const now = Math.floor(Date.now() / 1000) + 5;
  await handle.db.query(`update payment_attempts set next_poll_at = $2 where merchant_id = $1`, [scope.merchantId, now]);
  counter.n = 0;
  const t1 = performance.now();
  let polled = 0;
  for (;;) {
    const n = await pollDueAttempts(db, now, { merchantId: scope.merchantId });
    if (n === 0) break;
    polled += n;
  }
  const pollMs = performance.now() - t1;
  const trips = counter.n;
  // The floor: one write per attempt (next poll, lease released), nothing else.
  const rows = await handle.db.query<{ id: string }>(`select id from payment_attempts where merchant_id = $1`, [scope.merchantId]);
  const t2 = performance.now();
  for (const r of rows) await handle.db.query(`update payment_attempts set next_poll_at = $2, locked_until = null where id = $1`, [r.id, now + 2]);
  const floorMs = performance.now() - t2;
  console.log(`\n${label}: ${N} open usdt_trc20 attempts (half quoted), set up in ${(setupMs / 1000).toFixed(1)} s`);
  console.log(
    `  confirm (a receive address found or derived): median ${firstMs.toFixed(2)} ms with under ${tenth} held, ${lastMs.toFixed(2)} ms with ${N - tenth} or more held | ratio ${(lastMs / firstMs).toFixed(2)} (flat: <= 1.5 ${lastMs / firstMs <= 1.5 ? 'met' : 'not met'})`,
  );
  console.log(
    `  one worker poll of each (nothing paid): ${polled} polls, ${(pollMs / polled).toFixed(2)} ms and ${(trips / Math.max(1, polled)).toFixed(1)} round trips per attempt | floor (one write) ${(floorMs / rows.length).toFixed(2)} ms | ratio ${(pollMs / polled / (floorMs / rows.length)).toFixed(2)}x the floor`,
  );
  console.log(
    `  at the live TronGrid interval (30 s) one worker watches ${Math.floor(30_000 / (pollMs / polled))} such attempts per process (database side only)`,
  );
  setDbHandle(undefined);
  await handle.close();
}

await onEachDatabase('watch', run);
