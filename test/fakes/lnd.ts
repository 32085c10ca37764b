// A fake LND REST: POST /v1/invoices, GET /v1/invoice/{r_hash hex}, macaroon checked.
import { createHash, randomBytes } from 'node:crypto';
import { startFake, type FakeServer } from './server';

export interface FakeLnd extends FakeServer {
  invoices: Map<string, { value: number; memo: string; expiry: number; created: number; state: string; paidSat: number; request: string }>;
  settle(hashHex: string, sats?: number): void;
}

export async function startFakeLnd(macaroon = 'abcdef0123'): Promise<FakeLnd> {
  const invoices: FakeLnd['invoices'] = new Map();
  const fake = (await startFake(({ method, url, headers, body }) => {
    if (headers['grpc-metadata-macaroon'] !== macaroon) return { status: 401, body: { code: 2, message: 'verification failed' } };
    if (method === 'POST' && url.pathname === '/v1/invoices') {
      const b = JSON.parse(body);
      const preimage = randomBytes(32);
      const hash = createHash('sha256').update(preimage).digest();
      const request = `lnbc${b.value}n1fake${hash.toString('hex').slice(0, 20)}`;
      invoices.set(hash.toString('hex'), { value: Number(b.value), memo: b.memo, expiry: Number(b.expiry), created: Math.floor(Date.now() / 1000), state: 'OPEN', paidSat: 0, request });
      return { status: 200, body: { r_hash: hash.toString('base64'), payment_request: request, add_index: String(invoices.size), payment_addr: randomBytes(32).toString('base64') } };
    }
    const m = /^\/v1\/invoice\/([0-9a-f]{64})$/.exec(url.pathname);
    if (method === 'GET' && m) {
      const inv = invoices.get(m[1]!);
      if (!inv) return { status: 404, body: { code: 5, message: 'unable to locate invoice' } };
      return {
        status: 200,
        body: {
          memo: inv.memo, value: String(inv.value), state: inv.state, settled: inv.state === 'SETTLED', creation_date: String(inv.created),
          expiry: String(inv.expiry), amt_paid_sat: String(inv.paidSat), amt_paid_msat: String(inv.paidSat * 1000), payment_request: inv.request,
        },
      };
    }
    return { status: 404, body: {} };
  })) as FakeLnd;
  fake.invoices = invoices;
  fake.settle = (hash, sats) => {
    const inv = invoices.get(hash)!;
    inv.state = 'SETTLED';
    inv.paidSat = sats ?? inv.value;
  };
  return fake;
}
