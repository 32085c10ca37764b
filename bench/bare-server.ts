// The floor of `npm run bench:api`: the least work each measured request physically needs, on the
// same database, with nothing of our code path (no wrapper, no domain function): node:http,
// JSON.parse, the same strict zod schema, one key lookup by hash, one statement, and the answer
// with the headers every API answer must carry.
//   POST /v1/payment_intents                one statement writing the intent and its event (the
//                                           contract's create: an object never exists without its
//                                           event); with an Idempotency-Key the key's row too (a
//                                           data-modifying CTE), holding what a replay must answer
//                                           byte for byte (the status and the body) and the hash of
//                                           the request it answered (a reuse with another body is
//                                           refused): the least a key that works needs.
//                                           `X-Floor: intent-only`: one row.
//   GET  /v1/payment_intents/:id            one indexed select
//   GET  /v1/payment_intents?limit=10       one indexed select of 11 rows
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { getDbHandle } from '../lib/db/client';
import { createPaymentIntentInput } from '../lib/domain/payment-intents';

const { db } = await getDbHandle();
const port = Number(process.env.PORT ?? 3301);
const id = (prefix: string) => `${prefix}_${randomBytes(16).toString('base64url')}`;
// Every answer's documented headers are part of the job (the contract: a Request-Id on every
// response; the README: JSON, never cached, nosniff, DENY, the CSP): one constant object and a
// fresh id. Measured: these headers cost a server about 10 µs of CPU a request against
// Content-Type alone (GET /v1/payment_intents/:id on PostgreSQL, at a fixed 3,000 req/s).
const HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};
const send = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { ...HEADERS, 'Request-Id': `req_${randomBytes(12).toString('base64url')}` }).end(JSON.stringify(body));

http
  .createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const secret = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const key = (
        await db.query<{ merchant_id: string; livemode: boolean }>(`select merchant_id, livemode from api_keys where key_hash = $1 and revoked_at is null`, [
          createHash('sha256').update(secret).digest('hex'),
        ])
      )[0];
      if (!key) return send(res, 401, { error: {} });
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'GET') {
        const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
        const rows = one
          ? await db.query(`select * from payment_intents where id = $1 and merchant_id = $2 and livemode = $3`, [one[1], key.merchant_id, key.livemode])
          : await db.query(`select * from payment_intents where merchant_id = $1 and livemode = $2 order by created_at desc, seq desc limit 11`, [
              key.merchant_id,
              key.livemode,
            ]);
        return send(res, rows.length || !one ? 200 : 404, one ? rows[0] : { object: 'list', data: rows.slice(0, 10) });
      }
      const raw = Buffer.concat(chunks);
      const parsed = createPaymentIntentInput.safeParse(JSON.parse(raw.toString('utf8')));
      if (!parsed.success) return send(res, 400, { error: {} });
      const b = parsed.data;
      const now = Math.floor(Date.now() / 1000);
      const values = [
        id('pi'),
        key.merchant_id,
        key.livemode,
        b.amount,
        b.currency,
        b.rail,
        b.reference ?? null,
        b.description ?? null,
        JSON.stringify(b.metadata),
        now,
      ];
      const object = { id: values[0], object: 'payment_intent', amount: b.amount, currency: b.currency, status: 'requires_payment_method', createdAt: now };
      const insert = `insert into payment_intents (id, merchant_id, livemode, amount, currency, rail, status, reference, description, metadata, created_at, updated_at)
                      values ($1, $2, $3, $4, $5, $6, 'requires_payment_method', $7, $8, $9, $10, $10)`;
      if (req.headers['x-floor'] === 'intent-only') await db.query(insert, values);
      else {
        const idem = req.headers['idempotency-key'];
        const claim =
          typeof idem === 'string'
            ? `, k as (insert into idempotency_keys (merchant_id, livemode, key, method, path, request_hash, state, response_status, response_body, locked_at, created_at)
                       values ($2, $3, $13, 'POST', '/v1/payment_intents', $14, 'done', 200, $15, $10, $10))`
            : '';
        await db.query(
          `with pi as (${insert} returning 1),
                ev as (insert into events (id, merchant_id, livemode, type, data, created_at)
                       select $11, $2, $3, 'payment_intent.created', $12::jsonb, $10 from pi)${claim}
           select 1`,
          [
            ...values,
            id('evt'),
            JSON.stringify({ object }),
            ...(typeof idem === 'string' ? [idem, createHash('sha256').update(raw).digest('hex'), JSON.stringify(object)] : []),
          ],
        );
      }
      send(res, 200, object);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  })
  .listen(port, '127.0.0.1', () => process.stdout.write(`ready on ${port}\n`));
