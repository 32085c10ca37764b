// A fake of the MTN MoMo Collections API: token, RequestToPay (202 + X-Reference-Id), status.
import { startFake, type FakeServer } from './server';

export interface FakeMomo extends FakeServer {
  /** referenceId -> request and the status the fake will report. */
  payments: Map<string, { body: any; status: 'PENDING' | 'SUCCESSFUL' | 'FAILED'; reason?: string; amount?: string; financialTransactionId?: string }>;
  settle(phoneLast4: string, status: 'SUCCESSFUL' | 'FAILED', reason?: string): void;
}

export async function startFakeMomo(creds = { user: 'api-user', key: 'api-key', sub: 'sub-key' }): Promise<FakeMomo> {
  const payments: FakeMomo['payments'] = new Map();
  const token = 'tok_' + Math.random().toString(36).slice(2);
  const fake = (await startFake(({ method, url, headers, body }) => {
    if (headers['ocp-apim-subscription-key'] !== creds.sub) return { status: 401, body: { message: 'bad subscription key' } };
    if (method === 'POST' && url.pathname === '/collection/token/') {
      const expected = `Basic ${Buffer.from(`${creds.user}:${creds.key}`).toString('base64')}`;
      if (headers.authorization !== expected) return { status: 401, body: { error: 'invalid_client' } };
      return { status: 200, body: { access_token: token, token_type: 'access_token', expires_in: 3600 } };
    }
    if (headers.authorization !== `Bearer ${token}`) return { status: 401, body: { code: 'Unauthorized' } };
    if (method === 'POST' && url.pathname === '/collection/v1_0/requesttopay') {
      const ref = String(headers['x-reference-id'] ?? '');
      if (!/^[0-9a-f-]{36}$/.test(ref)) return { status: 400, body: { code: 'INVALID_REFERENCE_ID' } };
      if (payments.has(ref)) return { status: 409, body: { code: 'RESOURCE_ALREADY_EXIST' } };
      const parsed = JSON.parse(body);
      if (!parsed.payer?.partyId || !parsed.amount || !parsed.currency || !headers['x-target-environment']) return { status: 400, body: { code: 'INVALID_REQUEST' } };
      payments.set(ref, { body: parsed, status: 'PENDING' });
      return { status: 202 };
    }
    const m = /^\/collection\/v1_0\/requesttopay\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && m) {
      const p = payments.get(m[1]!);
      if (!p) return { status: 404, body: { code: 'RESOURCE_NOT_FOUND' } };
      return {
        status: 200,
        body: {
          amount: p.amount ?? p.body.amount,
          currency: p.body.currency,
          externalId: p.body.externalId,
          payer: p.body.payer,
          status: p.status,
          ...(p.status === 'SUCCESSFUL' ? { financialTransactionId: (p.financialTransactionId ??= String(Math.floor(Math.random() * 1e12))) } : {}),
          ...(p.reason ? { reason: p.reason } : {}),
        },
      };
    }
    return { status: 404, body: {} };
  })) as FakeMomo;
  fake.payments = payments;
  fake.settle = (last4, status, reason) => {
    for (const p of payments.values()) if (String(p.body.payer.partyId).endsWith(last4) && p.status === 'PENDING') Object.assign(p, { status, reason });
  };
  return fake;
}
