// A fake TronGrid: GET /v1/accounts/{address}/transactions/trc20 (only_confirmed / only_unconfirmed,
// contract_address), TRON-PRO-API-KEY checked when set.
import { randomBytes } from 'node:crypto';
import { startFake, type FakeServer } from './server';

interface Transfer {
  transaction_id: string;
  token_info: { symbol: string; address: string; decimals: number; name: string };
  block_timestamp: number;
  from: string;
  to: string;
  type: string;
  value: string;
  confirmed: boolean;
}

export interface FakeTronGrid extends FakeServer {
  transfers: Transfer[];
  send(to: string, micro: number, opts?: { contract?: string; confirmed?: boolean; txid?: string }): string;
  solidify(txid: string): void;
}

export async function startFakeTronGrid(apiKey?: string): Promise<FakeTronGrid> {
  const transfers: Transfer[] = [];
  const fake = (await startFake(({ method, url, headers }) => {
    if (apiKey && headers['tron-pro-api-key'] !== apiKey) return { status: 401, body: { success: false, error: 'bad key' } };
    const m = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    if (method !== 'GET' || !m) return { status: 404, body: {} };
    const q = url.searchParams;
    const data = transfers
      .filter((t) => t.to === m[1] || (q.get('only_to') !== 'true' && t.from === m[1]))
      .filter((t) => !q.get('contract_address') || t.token_info.address === q.get('contract_address'))
      .filter((t) => (q.get('only_confirmed') === 'true' ? t.confirmed : q.get('only_unconfirmed') === 'true' ? !t.confirmed : true))
      .map(({ confirmed: _c, ...t }) => t);
    // Pages of `limit` (at most 200), the next one asked for with meta.fingerprint.
    const limit = Math.min(200, Number(q.get('limit') ?? 20));
    const from = Number(q.get('fingerprint') ?? 0);
    const page = data.slice(from, from + limit);
    const more = from + limit < data.length;
    return { status: 200, body: { data: page, success: true, meta: { at: Date.now(), page_size: page.length, ...(more ? { fingerprint: String(from + limit) } : {}) } } };
  })) as FakeTronGrid;
  fake.transfers = transfers;
  fake.send = (to, micro, opts = {}) => {
    const id = opts.txid ?? randomBytes(32).toString('hex');
    transfers.push({
      transaction_id: id,
      token_info: { symbol: 'USDT', address: opts.contract ?? 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6, name: 'Tether USD' },
      block_timestamp: Date.now(),
      from: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
      to,
      type: 'Transfer',
      value: String(micro),
      confirmed: opts.confirmed ?? false,
    });
    return id;
  };
  fake.solidify = (txid) => {
    for (const t of transfers) if (t.transaction_id === txid) t.confirmed = true;
  };
  return fake;
}
