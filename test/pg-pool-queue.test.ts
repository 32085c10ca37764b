// postgres.js 3.4.9 keeps its connections in queues (src/queue.js) whose `shift` leaves a hole
// behind and only starts over when the queue empties. A pool whose `open` queue always holds an idle
// connection (any pool larger than its load: ours at rest, or at any load the database keeps up
// with) never empties it, so the array grows by one hole per query for the life of the process;
// and each query's `move` from that queue calls `remove`, an `indexOf` over every hole. Measured
// on `npm run bench:api`: after 8 s of GET /v1/payment_intents/:id the array held 63,013 entries,
// each query scanned ~45,000 of them (10 % of the server's CPU), and throughput fell the longer
// the process ran (the benchmark's floor, on the same driver, measured 3,400 or 9,300 req/s
// depending on its history). patches/postgres+3.4.9.patch (applied by `npm ci`, patch-package)
// searches from the head and compacts the array once half of it is holes.
//   The test watches what `remove` scans: Array.prototype.indexOf is wrapped for the test's
// duration and records the length of every array it searches. With the patch the longest is a
// few dozen entries whatever the history; without it, one entry per query run.

import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '@/lib/db/client';

type Queue<T> = { readonly length: number; push(x: T): T; shift(): T | undefined; remove(x: T): T | null };

/** The package's three copies of the queue: ESM (what the server imports), CommonJS, Cloudflare. */
const COPIES = ['src', 'cjs/src', 'cf/src'] as const;

/** postgres.js's own Queue, from one copy of the package (its exports name only the client). */
async function loadQueue(copy: (typeof COPIES)[number]): Promise<(initial?: unknown[]) => Queue<unknown>> {
  const entry = createRequire(import.meta.url).resolve('postgres'); // <package>/cjs/src/index.js
  const file = path.join(path.dirname(entry), '..', '..', copy, 'queue.js');
  const mod = (await import(pathToFileURL(file).href)) as { default: (i?: unknown[]) => Queue<unknown> };
  return mod.default;
}

/** Runs `fn` with Array.prototype.indexOf recording the longest array it searched. */
async function longestSearched(fn: () => Promise<void> | void): Promise<number> {
  const original = Array.prototype.indexOf;
  let longest = 0;
  Array.prototype.indexOf = function (this: unknown[], ...args: [unknown, number?]) {
    if (this.length > longest) longest = this.length;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    Array.prototype.indexOf = original;
  }
  return longest;
}

describe.each(COPIES)("postgres.js's connection queue (patched), %s", (copy) => {
  it('does not grow with the number of operations while it never empties', async () => {
    const Queue = await loadQueue(copy);
    const q = Queue();
    const resident = { id: 'resident' };
    q.push(resident); // an idle connection that is always there
    let previous: object = resident;
    const longest = await longestSearched(() => {
      for (let i = 0; i < 20_000; i++) {
        const c = { id: i };
        q.push(c);
        expect(q.shift()).toBe(previous); // first in, first out
        previous = c;
        q.remove({ id: 'absent' }); // what `move` does for a connection just shifted out
      }
    });
    expect(q.length).toBe(1);
    expect(longest).toBeLessThan(200);
  });

  it('keeps first-in first-out order and removal across compactions (against a plain array)', async () => {
    const Queue = await loadQueue(copy);
    const q = Queue();
    const model: number[] = [];
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    let next = 0;
    for (; next < 100; next++) q.push(next), model.push(next); // holes pile up behind a long queue: compactions
    for (let step = 0; step < 50_000; step++) {
      const r = rand();
      if (r < 0.45) {
        q.push(next);
        model.push(next++);
      } else if (r < 0.85) {
        expect(q.shift()).toBe(model.shift());
      } else {
        const pick = model.length && rand() < 0.8 ? model[Math.floor(rand() * model.length)]! : -1;
        const at = model.indexOf(pick);
        if (at !== -1) model.splice(at, 1);
        expect(q.remove(pick)).toBe(at === -1 ? null : pick);
      }
      expect(q.length).toBe(model.length);
    }
    while (model.length) expect(q.shift()).toBe(model.shift());
    expect(q.length).toBe(0);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('the PostgreSQL pool under a steady load', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('searches queues no longer after 6,000 queries than after a few', async () => {
    // 3 at a time on a pool of 10: idle connections are always in the open queue.
    const run = async (n: number) => {
      for (let i = 0; i < n; i += 3) await Promise.all([0, 1, 2].map(() => handle.db.query('select 1 as one')));
    };
    // Every connection of the pool opened (each one's first query waits a little, so all ten are taken).
    await Promise.all(Array.from({ length: 10 }, () => handle.db.query('select pg_sleep(0.05)')));
    const longest = await longestSearched(() => run(6_000));
    expect(longest).toBeLessThan(200);
  });
});
