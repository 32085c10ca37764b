// The webhook receiver of sdk/README.md ("Webhooks"), type-checked with the quickstart
// (test/sdk-example.test.ts). Run it: CAISSE_KEY=sk_test_... WEBHOOK_URL=http://127.0.0.1:4242/ npx tsx sdk/examples/webhook-receiver.ts
import http from 'node:http';
import { Caisse, CaisseSignatureError } from '@caisse/sdk';

const caisse = new Caisse(process.env.CAISSE_KEY!, { baseUrl: process.env.CAISSE_BASE_URL ?? 'http://localhost:3000' });
const endpoint = await caisse.webhookEndpoints.create({
  url: process.env.WEBHOOK_URL ?? 'http://127.0.0.1:4242/',
  enabledEvents: ['payment_intent.succeeded'],
});
const secret = endpoint.secret!; // store it: whsec_..., shown in the create answer only

http
  .createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const event = caisse.webhooks.verify(Buffer.concat(chunks), req.headers, secret);
      if (event.type === 'payment_intent.succeeded') {
        // event.data.object is a PaymentIntent
        console.log(event.data.object.id, event.data.object.metadata);
      }
      res.writeHead(200).end();
    } catch (err) {
      if (err instanceof CaisseSignatureError) return void res.writeHead(400).end();
      throw err;
    }
  })
  .listen(4242);
