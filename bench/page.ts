// npm run bench:page — the hosted checkout page on a slow phone, against an empty Next.js page
// built with the same config (app/bench-empty). Builds (BENCH_BUILD=0 to reuse .next), serves
// `next start` on a fresh embedded database, makes a session through the API, then loads each page
// in Chromium with Slow 3G (400 kbit/s down and up, 400 ms RTT) and 4x CPU throttling, cold cache,
// BENCH_RUNS times (default 3; medians printed). Prints compressed bytes (HTML, CSS, JS), the time
// until the rail's instructions are visible (and the form usable: it works before hydration), the
// time until hydrated, and the ratios. Targets: instructions <= 2.5 s; bytes <= 1.2x the empty page.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { root, sh, stop, waitFor } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3310);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KBIT = 400;

async function call(key: string, method: string, url: string, body?: unknown): Promise<any> {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

interface Sample {
  bytes: { html: number; css: number; js: number; other: number; total: number };
  visible: number;
  fcp: number;
  hydrated: number;
}

async function measure(browser: Browser, url: string, selector: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (KBIT * 1000) / 8,
    uploadThroughput: (KBIT * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const types = new Map<string, string>();
  const bytes = { html: 0, css: 0, js: 0, other: 0, total: 0 };
  let counting = true;
  cdp.on('Network.responseReceived', (e: any) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e: any) => {
    if (!counting) return;
    const type = types.get(e.requestId);
    const key = type === 'Document' ? 'html' : type === 'Stylesheet' ? 'css' : type === 'Script' ? 'js' : 'other';
    bytes[key] += e.encodedDataLength;
    bytes.total += e.encodedDataLength;
  });
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(selector, { state: 'visible', timeout: 120_000 });
  const visible = Date.now() - t0;
  await page.waitForFunction(
    () => {
      const el = document.querySelector('main');
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
    },
    undefined,
    { polling: 50, timeout: 120_000 },
  );
  const hydrated = Date.now() - t0;
  await page.waitForLoadState('load');
  await page.waitForTimeout(500); // late chunks
  counting = false;
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  await context.close();
  // In the DOM is not on screen: the stylesheet blocks the first paint. The instructions are in the
  // server's HTML, so they appear with the first contentful paint (or later, if they came later).
  return { bytes, visible: Math.max(visible, fcp), fcp, hydrated };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function summarize(samples: Sample[]) {
  const pick = (f: (x: Sample) => number) => median(samples.map(f));
  return {
    html: pick((x) => x.bytes.html),
    css: pick((x) => x.bytes.css),
    js: pick((x) => x.bytes.js),
    total: pick((x) => x.bytes.total),
    visible: pick((x) => x.visible),
    fcp: pick((x) => x.fcp),
    hydrated: pick((x) => x.hydrated),
  };
}

async function main() {
  if (process.env.BENCH_BUILD !== '0' || !fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    console.log('building (next build)...');
    sh('npx', ['next', 'build']);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-bench-page-'));
  const env = { DATA_DIR: path.join(dataDir, 'db'), BASE_URL: BASE, LOG_LEVEL: 'warn' };
  const keys = JSON.parse(sh('npx', ['tsx', 'scripts/caisse.ts', 'merchants', 'create', '--name', 'Boutique Awa'], env)).keys;
  const child = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(PORT), '-H', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, ...env, BENCH_PAGES: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    await waitFor(`${BASE}/v1/openapi.json`, child);
    const pages: { name: string; url: () => Promise<string>; selector: string }[] = [
      { name: 'empty Next.js page (/bench-empty)', url: async () => `${BASE}/bench-empty`, selector: 'main p' },
      {
        name: 'checkout, mobile money (phone form)',
        url: async () => {
          const pi = await call(keys.test, 'POST', '/v1/payment_intents', {
            amount: 5000,
            currency: 'XOF',
            rail: 'mobile_money_b',
            description: 'Sac en pagne',
          });
          return (await call(keys.test, 'POST', '/v1/checkout_sessions', { paymentIntentId: pi.id })).url;
        },
        selector: '#phone',
      },
      {
        name: 'checkout, Lightning (invoice QR)',
        url: async () => {
          const pi = await call(keys.test, 'POST', '/v1/payment_intents', { amount: 12345, currency: 'BTC', rail: 'btc_lightning' });
          const url = (await call(keys.test, 'POST', '/v1/checkout_sessions', { paymentIntentId: pi.id })).url;
          await call(keys.test, 'POST', `/v1/payment_intents/${pi.id}/confirm`, {});
          return url;
        },
        selector: '.co-qr svg',
      },
    ];
    // Warm the server (first render compiles nothing, but opens caches and the database).
    for (const p of pages) await fetch(await p.url());
    const results: { name: string; r: ReturnType<typeof summarize> }[] = [];
    for (const p of pages) {
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await measure(browser, await p.url(), p.selector));
      results.push({ name: p.name, r: summarize(samples) });
    }
    const empty = results[0]!.r;
    console.log(`\nSlow 3G (${KBIT} kbit/s down/up, 400 ms RTT), CPU 4x slower, 360x740, cold cache; median of ${RUNS} runs`);
    for (const { name, r } of results) {
      console.log(`\n${name}`);
      console.log(
        `  transferred   HTML ${kb(r.html)}   CSS ${kb(r.css)}   JS ${kb(r.js)}   total ${kb(r.total)}   (${(r.total / empty.total).toFixed(2)}x empty page)`,
      );
      console.log(`  first contentful paint ${s(r.fcp)}   instructions painted, form usable ${s(r.visible)}   hydrated ${s(r.hydrated)}`);
    }
    const mm = results[1]!.r;
    console.log(
      `\ntargets: instructions visible <= 2.5 s: ${mm.visible <= 2500 ? 'met' : 'NOT met'} (${s(mm.visible)}); bytes <= 1.2x empty page: ${mm.total / empty.total <= 1.2 ? 'met' : 'NOT met'} (${(mm.total / empty.total).toFixed(2)}x)`,
    );
  } finally {
    await browser.close();
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
