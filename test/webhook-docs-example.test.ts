// The verification example of the README, run as written against real deliveries.
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, newMerchant, useDatabase } from './api';
import { freePort } from './webhook-receiver';
import { deliverDueWebhooks } from '@/lib/webhooks/deliveries';

const { db } = useDatabase();
// Endpoints of this file's merchants go when it ends, so a shared PostgreSQL test database keeps
// no deliveries a later run's worker would try.
const TAG = `webhook test ${randomUUID()}`;
afterAll(() => db().query(`delete from webhook_endpoints where merchant_id in (select id from merchants where name = $1)`, [TAG]));
let child: ChildProcess | undefined;
const file = path.join(import.meta.dirname, `.docs-example-${process.pid}.mjs`);

afterAll(() => {
  child?.kill();
  fs.rmSync(file, { force: true });
});

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
    const we = (await call('POST', '/v1/webhook_endpoints', { key: m.keys.test, body: { url: `http://127.0.0.1:${port}/webhooks`, enabledEvents: ['*'] } })).body;
    fs.writeFileSync(file, code);
    let out = '';
    child = spawn(process.execPath, [file], { env: { ...process.env, PORT: String(port), CAISSE_WEBHOOK_SECRET: we.secret }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    await waitForPort(port);

    const p = await call('POST', '/v1/products', { key: m.keys.test, body: { name: 'Docs' } });
    expect(await deliverDueWebhooks(db(), { merchantId: m.merchant.id })).toBe(1);
    const ds = (await call('GET', `/v1/webhook_endpoints/${we.id}/deliveries`, { key: m.keys.test })).body.data;
    expect(ds[0]).toMatchObject({ status: 'succeeded', lastResponseStatus: 200 });
    for (let i = 0; i < 20 && !out.includes(p.body.id); i++) await new Promise((r) => setTimeout(r, 25));
    expect(out).toContain(`product.created ${p.body.id}`);

    const forged = await fetch(`http://127.0.0.1:${port}/webhooks`, {
      method: 'POST',
      headers: { 'webhook-id': 'evt_x', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' },
      body: '{"id":"evt_x"}',
    });
    expect(forged.status).toBe(400);
  });
});
