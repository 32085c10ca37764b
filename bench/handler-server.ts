// The middle line of `npm run bench:api`: our real route handler for POST /v1/payment_intents
// (app/v1/payment_intents/route.ts: auth, rate limit, parsing, idempotency, one transaction) served
// from plain node:http through web Request/Response objects, without Next.js. Comparing it with
// `next start` and with bench/bare-server.ts splits the cost between Next's router and our wrapper.
import http from 'node:http';
import { getDbHandle } from '../lib/db/client';
import * as paymentIntents from '../app/v1/payment_intents/route';

await getDbHandle();
const port = Number(process.env.PORT ?? 3302);

http
  .createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const request = new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : Buffer.concat(chunks) });
    const response = await paymentIntents.POST(request, { params: Promise.resolve({}) });
    const out: Record<string, string> = {};
    response.headers.forEach((v, k) => (out[k] = v));
    res.writeHead(response.status, out).end(Buffer.from(await response.arrayBuffer()));
  })
  .listen(port, '127.0.0.1', () => process.stdout.write(`ready on ${port}\n`));
