// A fake Esplora: GET /address/:address/txs and GET /blocks/tip/height.
import { randomBytes } from 'node:crypto';
import { startFake, type FakeServer } from './server';

export interface FakeEsplora extends FakeServer {
  tip: number;
  txs: Map<string, { txid: string; status: { confirmed: boolean; block_height?: number }; vout: { scriptpubkey_address: string; value: number }[] }[]>;
  send(address: string, sats: number, blockHeight?: number): string;
  confirm(txid: string, height: number): void;
}

export async function startFakeEsplora(): Promise<FakeEsplora> {
  const txs: FakeEsplora['txs'] = new Map();
  const fake = (await startFake(({ method, url }) => {
    if (method === 'GET' && url.pathname === '/blocks/tip/height') return { status: 200, text: String(fake.tip) };
    // Like Esplora: /txs is the mempool plus the newest 25 confirmed; /txs/chain/:last the next 25.
    const m = /^\/address\/([^/]+)\/txs(?:\/chain(?:\/([0-9a-f]{64}))?)?$/.exec(url.pathname);
    if (method === 'GET' && m) {
      const list = txs.get(m[1]!) ?? [];
      const confirmed = list.filter((t) => t.status.confirmed);
      if (!url.pathname.includes('/chain')) return { status: 200, body: [...list.filter((t) => !t.status.confirmed).slice(0, 50), ...confirmed.slice(0, 25)] };
      const from = m[2] ? confirmed.findIndex((t) => t.txid === m[2]) + 1 : 0;
      return { status: 200, body: confirmed.slice(from, from + 25) };
    }
    return { status: 404, text: 'not found' };
  })) as FakeEsplora;
  fake.tip = 800_000;
  fake.txs = txs;
  fake.send = (address, sats, blockHeight) => {
    const txid = randomBytes(32).toString('hex');
    const list = txs.get(address) ?? [];
    // Another output to someone else (change) must not count.
    list.unshift({ txid, status: blockHeight ? { confirmed: true, block_height: blockHeight } : { confirmed: false }, vout: [{ scriptpubkey_address: address, value: sats }, { scriptpubkey_address: 'bc1qother', value: 99_999 }] });
    txs.set(address, list);
    return txid;
  };
  fake.confirm = (txid, height) => {
    for (const list of txs.values()) for (const t of list) if (t.txid === txid) t.status = { confirmed: true, block_height: height };
  };
  return fake;
}
