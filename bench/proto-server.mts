import http from 'node:http';
import * as pi from '../app/v1/payment_intents/route.ts';
import { getDbHandle } from '../lib/db/client.ts';
await getDbHandle();
const port = Number(process.env.PORT ?? 3302);
http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const request = new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : Buffer.concat(chunks) });
  const response = await (pi as any)[req.method!](request, { params: Promise.resolve({}) });
  const body = Buffer.from(await response.arrayBuffer());
  const h: Record<string, string> = {};
  response.headers.forEach((v: string, k: string) => (h[k] = v));
  res.writeHead(response.status, h).end(body);
}).listen(port, '127.0.0.1', () => console.log('ready'));
