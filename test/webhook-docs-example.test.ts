// The verification example of the README, run as written against real deliveries.

import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deliverDueWebhooks } from '@/lib/webhooks/deliveries';
import { call, newMerchant, useDatabase } from './api';
import { freePort } from './webhook-receiver';

const { db } = useDatabase();
// Endpoints of this file's merchants go when it ends, so a shared PostgreSQL test database keeps
// no deliveries a later run's worker would try.
const TAG = `webhook test ${randomUUID()}`;
afterAll(() => db().query(`delete from webhook_endpoints where merchant_id in (select id from merchants where name = $1)`, [TAG]));
let child: ChildProcess | undefined;
// The example runs from a temporary directory (nothing is written into the checkout), with a
// node_modules link to ours so that its `import 'standardwebhooks'` resolves as in a merchant's app.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-docs-example-'));
const file = path.join(dir, 'webhooks.mjs');
fs.symlinkSync(path.join(import.meta.dirname, '..', 'node_modules'), path.join(dir, 'node_modules'), 'dir');

afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Resolves when the child's output contains `text`; fails with what it printed after `ms`. */
function outputContains(proc: ChildProcess, text: string, ms = 10_000): Promise<string> {
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${text}" from the example within ${ms} ms; it printed: ${out}`)), ms);
    const onData = (d: Buffer) => {
      out += d;
      if (!out.includes(text)) return;
      clearTimeout(timer);
      proc.stdout!.off('data', onData);
      proc.stderr!.off('data', onData);
      resolve(out);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
  });
}

function docsExample(): string {
  const md = fs.readFileSync(path.join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const m = /```js\n([\s\S]*?)```/.exec(md);
  if (!m) throw new Error('no js example in README.md');
  return m[1]!;
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.end(), resolve(true)));
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on ${port}`);
}

describe('[webhooks]: the README example', () => {
  it('is 15 lines, verifies real deliveries with standardwebhooks, and refuses a forged one', async () => {
    const code = docsExample();
    expect(code.trimEnd().split('\n')).toHaveLength(15);
    const m = await newMerchant(db(), TAG);
    const port = await freePort();
    const we = (await call('POST', '/v1/webhook_endpoints', { key: m.keys.test, body: { url: `http://127.0.0.1:${port}/webhooks`, enabledEvents: ['*'] } }))
      .body;
    fs.writeFileSync(file, code);
    child = spawn(process.execPath, [file], {
      cwd: dir,
      env: { ...process.env, PORT: String(port), CAISSE_WEBHOOK_SECRET: we.secret },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await waitForPort(port);

    const p = await call('POST', '/v1/products', { key: m.keys.test, body: { name: 'Docs' } });
    const printed = outputContains(child, `product.created ${p.body.id}`);
    expect(await deliverDueWebhooks(db(), { merchantId: m.merchant.id })).toBe(1);
    const ds = (await call('GET', `/v1/webhook_endpoints/${we.id}/deliveries`, { key: m.keys.test })).body.data;
    expect(ds[0]).toMatchObject({ status: 'succeeded', lastResponseStatus: 200 });
    await printed; // the example logged the verified event (its own words, read from its output)

    const forged = await fetch(`http://127.0.0.1:${port}/webhooks`, {
      method: 'POST',
      headers: { 'webhook-id': 'evt_x', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' },
      body: '{"id":"evt_x"}',
    });
    expect(forged.status).toBe(400);
  });
});
