// A fake Esplora (the HTTP API of Blockstream's esplora / electrs), written from the vendor's own
// documentation and server, not from our adapter:
//   - github.com/Blockstream/esplora API.md: "Transaction format" (txid, version, locktime, size,
//     weight, fee, vin[] with prevout, vout[] with scriptpubkey_address and value in sats, status
//     {confirmed, block_height, block_hash, block_time}); `GET /address/:address` (chain_stats and
//     mempool_stats: tx_count, funded_txo_count/sum, spent_txo_count/sum); `GET /address/:address/txs`
//     ("newest first ... up to 50 mempool transactions plus the first 25 confirmed transactions");
//     `GET /address/:address/txs/chain[/:last_seen_txid]` ("25 transactions per page. More can be
//     requested by specifying the last txid seen by the previous query"); `GET /blocks/tip/height`
//     (plain text); `GET /tx/:txid` ("Returns information about the transaction", the same format).
//   - electrs src/rest.rs: `GET /tx/:txid` of a transaction neither the chain nor the mempool holds
//     is 404 "Transaction not found" (text/plain); a txid that is not 64 hex is 400 "Invalid hex
//     string"; an output's scriptpubkey_type is v0_p2wpkh, v0_p2wsh, v1_p2tr, p2pkh, p2sh... and
//     scriptpubkey_address the address (bech32 in lower case).
//   - github.com/Blockstream/electrs (new-index) src/rest.rs and src/new_index/schema.rs `_history`:
//     a last_seen_txid that is not in the address's confirmed history skips every row, so the answer
//     is 200 with `[]` (indistinguishable from the end of the history); a last_seen_txid that is not
//     a txid (not 64 hex) is ignored (the first page); `status` omits block_height / block_hash /
//     block_time for an unconfirmed transaction (serde skip_serializing_if).
//   - Blockstream/esplora issue #449 and client reports (bdk #1120): the public API answers 429 when
//     rate-limited, with a short JSON notice {"message": ...} and no Retry-After; its nginx answers
//     502/503 when the backend is down.
// Off the happy path, like a real chain: a block can be disconnected (reorg: its transactions go
// back to the mempool, or vanish when the new branch double-spends them, and the tip moves back), a
// mempool transaction can be evicted, and a BIP125 replacement (RBF) takes its inputs and pays
// another amount.
import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { type FakeServer, startFake } from './server';

export interface EsploraVout {
  scriptpubkey: string;
  scriptpubkey_asm: string;
  scriptpubkey_type: string;
  scriptpubkey_address: string;
  value: number;
}

export interface EsploraTx {
  txid: string;
  version: number;
  locktime: number;
  vin: {
    txid: string;
    vout: number;
    prevout: EsploraVout;
    scriptsig: string;
    scriptsig_asm: string;
    witness: string[];
    is_coinbase: boolean;
    sequence: number;
  }[];
  vout: EsploraVout[];
  size: number;
  weight: number;
  fee: number;
  status: { confirmed: boolean; block_height?: number; block_hash?: string; block_time?: number };
}

/** What the fake answers instead of the real thing, for the next requests. */
export type EsploraFailure = 429 | 500 | 502 | 503;

export interface FakeEsplora extends FakeServer {
  /** The height of the best block. Moving it forward mines empty blocks. */
  tip: number;
  /** Every transaction touching an address, by address (the same objects as the chain's). */
  txs: Map<string, EsploraTx[]>;
  /** A payment of `sats` to `address` (plus change elsewhere): in the mempool, or mined at `blockHeight`. */
  send(address: string, sats: number, blockHeight?: number): string;
  /** One transaction with several outputs (some may be to the same address). */
  pay(outputs: { address: string; value: number }[], blockHeight?: number): string;
  /**
   * Dust: `count` transactions of `sats` each to `address` (an attacker's, or a spam wave's), already
   * mined, one per block going back from the block below the tip. Cheap for tens of thousands.
   */
  flood(address: string, count: number, sats: number): void;
  /** Mine a transaction at `height` (a block at that height, which the tip reaches if below). */
  confirm(txid: string, height: number): void;
  /**
   * Disconnect every block above `forkHeight` (the tip moves back to it): their transactions go back
   * to the mempool, except those in `dropped` (double-spent by the new branch), which vanish.
   */
  reorg(forkHeight: number, dropped?: string[]): void;
  /** A mempool transaction evicted (expiry, mempool full, conflict): gone from every answer. */
  evict(txid: string): void;
  /**
   * BIP125 replacement of an unconfirmed transaction: same inputs, `sats` to the same address, or
   * to `to` (the payer double-spends the coins elsewhere, e.g. back to its own wallet).
   */
  replace(txid: string, sats: number, to?: string): string;
  /** Answer the next `times` requests (those whose path matches `path`, when given) with this HTTP failure. */
  failNext(status: EsploraFailure, times?: number, path?: RegExp): void;
  /** Called with each request's path before it is answered (a test changes the chain mid-read). */
  onRequest?: (path: string) => void;
}

const CHAIN_PAGE = 25;
const MEMPOOL_MAX = 50;
/** A mainnet P2WPKH address that is not ours: the payer's change. */
const CHANGE_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** The output script of an address (BIP173 / BIP350 SegWit, base58check P2PKH and P2SH), as electrs describes it. */
function script(address: string): { hex: string; asm: string; type: string } {
  const seg = bech32.decodeUnsafe(address) || bech32m.decodeUnsafe(address);
  if (seg) {
    const version = seg.words[0]!;
    const program = Buffer.from(bech32.fromWords(seg.words.slice(1))).toString('hex');
    const push = (program.length / 2).toString(16).padStart(2, '0');
    const type = version === 0 ? (program.length === 40 ? 'v0_p2wpkh' : 'v0_p2wsh') : version === 1 ? 'v1_p2tr' : 'unknown';
    const op = version === 0 ? '00' : (0x50 + version).toString(16);
    return { hex: `${op}${push}${program}`, asm: `OP_${version === 0 ? '0' : `PUSHNUM_${version}`} OP_PUSHBYTES_${program.length / 2} ${program}`, type };
  }
  let raw: Buffer;
  try {
    raw = Buffer.from(createBase58check(sha256).decode(address));
  } catch {
    return { hex: '', asm: '', type: 'unknown' }; // not an address: a test's placeholder
  }
  const hash = raw.subarray(1).toString('hex');
  return [0x00, 0x6f].includes(raw[0]!)
    ? { hex: `76a914${hash}88ac`, asm: `OP_DUP OP_HASH160 OP_PUSHBYTES_20 ${hash} OP_EQUALVERIFY OP_CHECKSIG`, type: 'p2pkh' }
    : { hex: `a914${hash}87`, asm: `OP_HASH160 OP_PUSHBYTES_20 ${hash} OP_EQUAL`, type: 'p2sh' };
}

function output(address: string, value: number): EsploraVout {
  const s = script(address);
  return { scriptpubkey: s.hex, scriptpubkey_asm: s.asm, scriptpubkey_type: s.type, scriptpubkey_address: address, value };
}

const hex32 = () => randomBytes(32).toString('hex');

export async function startFakeEsplora(): Promise<FakeEsplora> {
  const txs: FakeEsplora['txs'] = new Map();
  const chain = new Map<string, EsploraTx>(); // every transaction the node knows (mempool + blocks)
  const order = new Map<string, number>(); // arrival order: newest first among equals
  const blockHashes = new Map<number, string>();
  const failures: { status: EsploraFailure; path?: RegExp }[] = [];
  let seq = 0;

  const blockHash = (height: number) => {
    if (!blockHashes.has(height)) blockHashes.set(height, hex32());
    return blockHashes.get(height)!;
  };
  const mined = (height: number): EsploraTx['status'] => ({
    confirmed: true,
    block_height: height,
    block_hash: blockHash(height),
    block_time: 1_700_000_000 + height * 600,
  });
  const index = (tx: EsploraTx) => {
    chain.set(tx.txid, tx);
    order.set(tx.txid, seq++);
    for (const o of tx.vout) {
      const list = txs.get(o.scriptpubkey_address) ?? [];
      if (!list.includes(tx)) list.push(tx);
      txs.set(o.scriptpubkey_address, list);
    }
  };
  const forget = (txid: string) => {
    chain.delete(txid);
    for (const [address, list] of txs)
      txs.set(
        address,
        list.filter((t) => t.txid !== txid),
      );
  };
  const get = (txid: string) => {
    const tx = chain.get(txid);
    if (!tx) throw new Error(`fake esplora: no transaction ${txid}`);
    return tx;
  };
  /** The address's history, newest first: mempool by arrival, then blocks by height (then arrival). */
  const history = (address: string) => {
    const list = [...(txs.get(address) ?? [])];
    const newest = (a: EsploraTx, b: EsploraTx) => order.get(b.txid)! - order.get(a.txid)!;
    const mempool = list.filter((t) => !t.status.confirmed).sort(newest);
    const confirmed = list.filter((t) => t.status.confirmed).sort((a, b) => b.status.block_height! - a.status.block_height! || newest(a, b));
    return { mempool, confirmed };
  };
  const stats = (list: EsploraTx[], address: string) => {
    const funded = list.flatMap((t) => t.vout.filter((o) => o.scriptpubkey_address === address));
    return {
      funded_txo_count: funded.length,
      funded_txo_sum: funded.reduce((s, o) => s + o.value, 0),
      spent_txo_count: 0,
      spent_txo_sum: 0,
      tx_count: list.length,
    };
  };

  const fake = (await startFake(({ method, url }) => {
    fake.onRequest?.(url.pathname);
    const at = failures.findIndex((f) => !f.path || f.path.test(url.pathname));
    const failure = at < 0 ? undefined : failures.splice(at, 1)[0]!.status;
    if (failure === 429)
      return { status: 429, body: { message: 'Blockstream Explorer API NOTICE: Your request rate exceeds the current limit. Please slow down.' } };
    if (failure)
      return { status: failure, text: failure === 500 ? 'Internal Server Error' : failure === 502 ? '502 Bad Gateway' : '503 Service Temporarily Unavailable' };
    if (method !== 'GET') return { status: 404, text: 'Not Found' };
    if (url.pathname === '/blocks/tip/height') return { status: 200, text: String(fake.tip) };
    if (url.pathname === '/blocks/tip/hash') return { status: 200, text: blockHash(fake.tip) };
    const tx = /^\/tx\/([^/]+)$/.exec(url.pathname);
    if (tx) {
      if (!/^[0-9a-fA-F]{64}$/.test(tx[1]!)) return { status: 400, text: 'Invalid hex string' };
      const found = chain.get(tx[1]!.toLowerCase());
      return found ? { status: 200, body: found } : { status: 404, text: 'Transaction not found' };
    }
    const m = /^\/address\/([^/]+)(\/txs(?:\/(chain|mempool)(?:\/([^/]+))?)?)?$/.exec(url.pathname);
    if (!m) return { status: 404, text: 'Not Found' };
    const [, address, txsPath, which, lastSeen] = m;
    const { mempool, confirmed } = history(address!);
    if (!txsPath) return { status: 200, body: { address, chain_stats: stats(confirmed, address!), mempool_stats: stats(mempool, address!) } };
    if (!which) return { status: 200, body: [...mempool.slice(0, MEMPOOL_MAX), ...confirmed.slice(0, CHAIN_PAGE)] };
    if (which === 'mempool') return lastSeen ? { status: 404, text: 'Not Found' } : { status: 200, body: mempool.slice(0, MEMPOOL_MAX) };
    // electrs: an unparsable txid is no txid (first page); an unknown one skips every row (`[]`).
    const from = lastSeen && /^[0-9a-f]{64}$/.test(lastSeen) ? confirmed.findIndex((t) => t.txid === lastSeen) : -1;
    if (lastSeen && /^[0-9a-f]{64}$/.test(lastSeen) && from < 0) return { status: 200, body: [] };
    return { status: 200, body: confirmed.slice(from + 1, from + 1 + CHAIN_PAGE) };
  })) as FakeEsplora;

  fake.tip = 800_000;
  fake.txs = txs;
  fake.pay = (outputs, blockHeight) => {
    const funding = outputs.reduce((s, o) => s + o.value, 0) + 100_000;
    const fee = 1_000;
    const prevout = output(CHANGE_ADDRESS, funding + fee);
    const tx: EsploraTx = {
      txid: hex32(),
      version: 2,
      locktime: 0,
      // nSequence below 0xfffffffe: signals BIP125 replaceability.
      vin: [
        {
          txid: hex32(),
          vout: 0,
          prevout,
          scriptsig: '',
          scriptsig_asm: '',
          witness: [randomBytes(71).toString('hex'), randomBytes(33).toString('hex')],
          is_coinbase: false,
          sequence: 0xfffffffd,
        },
      ],
      vout: [...outputs.map((o) => output(o.address, o.value)), output(CHANGE_ADDRESS, 100_000)],
      size: 222,
      weight: 561,
      fee,
      status: { confirmed: false },
    };
    if (blockHeight !== undefined) {
      tx.status = mined(blockHeight);
      if (blockHeight > fake.tip) fake.tip = blockHeight;
    }
    index(tx);
    return tx.txid;
  };
  fake.send = (address, sats, blockHeight) => fake.pay([{ address, value: sats }], blockHeight);
  fake.flood = (address, count, sats) => {
    const list = txs.get(address) ?? [];
    txs.set(address, list);
    for (let i = 0; i < count; i++) {
      const prevout = output(CHANGE_ADDRESS, sats + 1_000);
      const tx: EsploraTx = {
        txid: hex32(),
        version: 2,
        locktime: 0,
        vin: [{ txid: hex32(), vout: 0, prevout, scriptsig: '', scriptsig_asm: '', witness: [], is_coinbase: false, sequence: 0xffffffff }],
        vout: [output(address, sats)],
        size: 110,
        weight: 440,
        fee: 1_000,
        status: mined(fake.tip - 1 - i),
      };
      chain.set(tx.txid, tx);
      order.set(tx.txid, seq++);
      list.push(tx); // the only output: indexed under this address alone
    }
  };
  fake.confirm = (txid, height) => {
    get(txid).status = mined(height);
    if (height > fake.tip) fake.tip = height;
  };
  fake.reorg = (forkHeight, dropped = []) => {
    for (const tx of [...chain.values()]) {
      if (!tx.status.confirmed || tx.status.block_height! <= forkHeight) continue;
      if (dropped.includes(tx.txid)) forget(tx.txid);
      else tx.status = { confirmed: false };
    }
    for (const h of [...blockHashes.keys()]) if (h > forkHeight) blockHashes.delete(h);
    fake.tip = forkHeight;
  };
  fake.evict = (txid) => {
    if (get(txid).status.confirmed) throw new Error('fake esplora: a mined transaction cannot be evicted (reorg it first)');
    forget(txid);
  };
  fake.replace = (txid, sats, to) => {
    const old = get(txid);
    if (old.status.confirmed) throw new Error('fake esplora: a mined transaction cannot be replaced');
    const ours = old.vout.find((o) => o.scriptpubkey_address !== CHANGE_ADDRESS)!;
    forget(txid);
    const tx: EsploraTx = {
      ...old,
      txid: hex32(),
      vout: [output(to ?? ours.scriptpubkey_address, sats), output(CHANGE_ADDRESS, 100_000)],
      fee: old.fee + 500,
      status: { confirmed: false },
    };
    index(tx);
    return tx.txid;
  };
  fake.failNext = (status, times = 1, path) => {
    for (let i = 0; i < times; i++) failures.push({ status, path });
  };
  return fake;
}
