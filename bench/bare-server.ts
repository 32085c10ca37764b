// The baseline for `npm run bench:api`: a bare node:http server doing the same work as
// POST /v1/payment_intents (same key lookup, same zod validation, same insert and event, same
// database), without Next.js. The ratio of the two is the framework's cost.
import http from 'node:http';
import { authenticate } from '../lib/api/auth';
import { getDbHandle } from '../lib/db/client';
import { createPaymentIntent, createPaymentIntentInput } from '../lib/domain/payment-intents';

const { db } = await getDbHandle();
const port = Number(process.env.PORT ?? 3301);

http
  .createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const merchant = await authenticate(db, req.headers.authorization ?? null);
      const parsed = createPaymentIntentInput.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      if (!parsed.success) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{}}');
        return;
      }
      const intent = await createPaymentIntent(db, merchant, parsed.data);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(intent));
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  })
  .listen(port, '127.0.0.1', () => process.stdout.write(`ready on ${port}\n`));
