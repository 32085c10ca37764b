// Preloaded into `npm start`'s server by bench/soak.ts (`node --expose-gc --import ./bench/memory-probe.mjs
// dist/server.mjs`): on SIGUSR2, one line on stdout, `MEMORY {...}`: process.memoryUsage() as found
// (`before`), then again after a full garbage collection, and the embedded database's WebAssembly
// memory (from the database handle lib/db/client.ts keeps on globalThis). Nothing of this runs in
// production.
import fs from 'node:fs';

process.on('SIGUSR2', async () => {
  const before = process.memoryUsage();
  // SOAK_GC=0 (bench/soak.ts): no collection, to see the process as an unprobed one would be.
  if (process.env.PROBE_GC !== '0') globalThis.gc?.();
  const handle = await globalThis.__caisseDb?.catch(() => undefined);
  const after = process.memoryUsage();
  const sample = {
    rssBefore: before.rss,
    heapUsedBefore: before.heapUsed,
    rss: after.rss,
    heapUsed: after.heapUsed,
    heapTotal: after.heapTotal,
    external: after.external,
    arrayBuffers: after.arrayBuffers,
    wasm: handle?.wasmMemoryBytes?.() ?? null,
  };
  fs.writeSync(1, `MEMORY ${JSON.stringify(sample)}\n`);
});
