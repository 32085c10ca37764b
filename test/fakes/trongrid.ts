// A fake TronGrid v1, written from TRON's own documentation, not from our adapter:
//   - developers.tron.network "TRC-20 transaction history" / "Get TRC20 transaction info by account
//     address": GET /v1/accounts/{address}/transactions/trc20 with only_confirmed / only_unconfirmed
//     ("cannot be combined"), only_to / only_from, limit ("Default 20, maximum 200"), fingerprint
//     ("of the last transaction returned on the previous page ... keep other filters unchanged"),
//     contract_address, order_by (block_timestamp,desc by default; block_timestamp,asc), min_timestamp /
//     max_timestamp (TronGrid README: "the minimum transaction timestamp default 0", "the maximum ...
//     default now"; aliases min_block_timestamp / max_block_timestamp; bounds included). Each entry: transaction_id,
//     token_info {symbol, address, decimals, name}, block_timestamp (ms), from, to, type
//     ("Transfer" / "Approval"), value (a decimal string). The entry carries NO log index: two equal
//     transfers in one transaction are two identical entries.
//   - "Get events by transaction id": GET /v1/transactions/{id}/events (only_confirmed /
//     only_unconfirmed): one entry per event log with event_index, event_name, contract_address
//     (base58), result {0, 1, 2, from, to, value} where addresses are 0x-hex (20 bytes),
//     result_type, event, block_number, block_timestamp, transaction_id.
//   - TronGrid README (TRON-US/trongrid): {"success": true, "meta": {"at", "page_size",
//     "fingerprint", "links": {"next"}}, "data": [...]}; the TRON-PRO-API-KEY header.
//   - "Rate limits" (developers.tron.network, reference-link/rate-limits and the v4.x pages): 429 Too
//     Many Requests for bursts; 403 when over the frequency limit (penalty window), and 503 for a key
//     over its QPS, with {"success": false, "error": "The key exceeds the frequency limit(15), and the
//     query server is suspended for 30s", "statusCode": 403}.
//   - "GetTransactionInfoById" (developers.tron.network reference gettransactioninfobyid and
//     gettransactioninfobyid-1, the full node's HTTP API that TronGrid serves): POST
//     /wallet/gettransactioninfobyid {"value": txid} (a transaction in a block) and POST
//     /walletsolidity/gettransactioninfobyid ("Confirmed state": solidified blocks only); `{}` for a
//     transaction it does not hold; a TransactionInfo {id, fee, blockNumber, blockTimeStamp (ms),
//     contractResult[], contract_address (hex, 41...), receipt {energy_usage_total, net_usage, ...,
//     result}, log[] {address: the contract in hex WITHOUT the 41 prefix, topics[] (the event's
//     signature hash, then the indexed from and to, 32-byte hex), data (the amount, 32-byte hex)}}.
// Unconfirmed (not yet solidified) transfers can vanish (`drop`: the block was not solidified).
// `transfers` is every transfer made: what left the payers' wallets.
import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { type FakeServer, startFake } from './server';

export interface TronTransfer {
  transaction_id: string;
  /** The log's index in its transaction: kept by the fake, shown only by the events endpoint. */
  event_index: number;
  token_info: { symbol: string; address: string; decimals: number; name: string };
  block_timestamp: number;
  block_number: number;
  from: string;
  to: string;
  type: 'Transfer' | 'Approval';
  value: string;
  confirmed: boolean;
}

export type TronGridFailure = 429 | 403 | 503;

export interface FakeTronGrid extends FakeServer {
  transfers: TronTransfer[];
  /** A USDT transfer to `to`; with `txid`, one more transfer (log) in that transaction. */
  send(to: string, micro: number, opts?: { contract?: string; confirmed?: boolean; txid?: string; from?: string }): string;
  /**
   * Address poisoning: `count` zero-value USDT transfers to `to` (a `transferFrom(x, to, 0)` needs no
   * allowance), each its own transaction, `perBlock` to a block, solidified unless told otherwise.
   */
  dust(to: string, count: number, opts?: { perBlock?: number; confirmed?: boolean }): void;
  /** The transaction's block is solidified: its transfers are confirmed. */
  solidify(txid: string): void;
  /** An unconfirmed transaction whose block was not solidified: gone. */
  drop(txid: string): void;
  /** Answer the next `times` requests with this documented rate-limit answer. */
  failNext(status: TronGridFailure, times?: number): void;
}

export const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PAYER = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
/** Where the zero-value transfers come from (the poisoner's lookalike address; any valid one here). */
const POISONER = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

/** keccak256("Transfer(address,address,uint256)"). */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** A base58check TRON address's 20 bytes in hex (no 41), left-padded to 32 bytes as an indexed topic. */
const topicOf = (address: string) => Buffer.from(createBase58check(sha256).decode(address).subarray(1)).toString('hex').padStart(64, '0');

const fingerprintOf = (t: TronTransfer) => Buffer.from(`${t.transaction_id}:${t.event_index}`).toString('base64url');
/** A base58check TRON address (0x41 + 20 bytes) as the events API writes it: 0x + the 20 bytes. */
const hex0x = (address: string) => `0x${Buffer.from(createBase58check(sha256).decode(address).subarray(1)).toString('hex')}`;

export async function startFakeTronGrid(apiKey?: string): Promise<FakeTronGrid> {
  const transfers: TronTransfer[] = [];
  const failures: TronGridFailure[] = [];
  let block = 70_000_000;

  const fake = (await startFake(({ method, url, headers, body }) => {
    const failure = failures.shift();
    if (failure === 429) return { status: 429, body: { success: false, error: 'Too Many Requests', statusCode: 429 } };
    if (failure)
      return {
        status: failure,
        body: { success: false, error: 'The key exceeds the frequency limit(15), and the query server is suspended for 30s', statusCode: failure },
      };
    if (apiKey && headers['tron-pro-api-key'] !== apiKey) return { status: 401, body: { success: false, error: 'ApiKey not exists', statusCode: 401 } };
    const info = /^\/(wallet|walletsolidity)\/gettransactioninfobyid$/.exec(url.pathname);
    if (info) {
      let value = url.searchParams.get('value') ?? '';
      if (method === 'POST') {
        try {
          value = String((JSON.parse(body || '{}') as { value?: unknown }).value ?? '');
        } catch {
          return { status: 200, body: { Error: 'class com.alibaba.fastjson.JSONException : syntax error' } };
        }
      }
      // One log per transfer of the transaction; the solidity node holds solidified blocks only.
      const logs = transfers.filter((t) => t.transaction_id === value.toLowerCase() && (info[1] === 'wallet' || t.confirmed));
      const t = logs[0];
      if (!t) return { status: 200, body: {} };
      return {
        status: 200,
        body: {
          id: t.transaction_id,
          fee: 13_844_850,
          blockNumber: t.block_number,
          blockTimeStamp: t.block_timestamp,
          contractResult: ['0000000000000000000000000000000000000000000000000000000000000001'],
          contract_address: `41${topicOf(t.token_info.address).slice(24)}`,
          receipt: { energy_fee: 13_499_850, energy_usage_total: 64_285, net_usage: 345, result: 'SUCCESS', energy_penalty_total: 49_635 },
          log: logs.map((l) => ({
            address: topicOf(l.token_info.address).slice(24),
            topics: [TRANSFER_TOPIC, topicOf(l.from), topicOf(l.to)],
            data: BigInt(l.value).toString(16).padStart(64, '0'),
          })),
        },
      };
    }
    if (method !== 'GET') return { status: 405, body: { success: false, error: 'Method not allowed', statusCode: 405 } };
    const q = url.searchParams;
    if (q.get('only_confirmed') === 'true' && q.get('only_unconfirmed') === 'true')
      return { status: 400, body: { success: false, error: 'only_confirmed and only_unconfirmed cannot be used together', statusCode: 400 } };
    const which = (t: TronTransfer) => (q.get('only_confirmed') === 'true' ? t.confirmed : q.get('only_unconfirmed') === 'true' ? !t.confirmed : true);

    const ev = /^\/v1\/transactions\/([0-9a-fA-F]{64})\/events$/.exec(url.pathname);
    if (ev) {
      // One entry per log: an entry the account listing shows twice is still one event.
      const logs = new Map(transfers.filter((t) => t.transaction_id === ev[1] && which(t)).map((t) => [t.event_index, t]));
      const data = [...logs.values()].map((t) => ({
        block_number: t.block_number,
        block_timestamp: t.block_timestamp,
        caller_contract_address: t.token_info.address,
        contract_address: t.token_info.address,
        event_index: t.event_index,
        event_name: t.type,
        result: { 0: hex0x(t.from), 1: hex0x(t.to), 2: t.value, from: hex0x(t.from), to: hex0x(t.to), value: t.value },
        result_type: { from: 'address', to: 'address', value: 'uint256' },
        event: `${t.type}(address indexed from, address indexed to, uint256 value)`,
        transaction_id: t.transaction_id,
      }));
      return { status: 200, body: { data, success: true, meta: { at: Date.now(), page_size: data.length } } };
    }

    const m = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    if (!m) return { status: 404, body: { success: false, error: 'Not found', statusCode: 404 } };
    const account = m[1]!;
    const onlyTo = q.get('only_to') === 'true';
    const onlyFrom = q.get('only_from') === 'true';
    const data = transfers
      .filter((t) => (onlyTo && !onlyFrom ? t.to === account : onlyFrom && !onlyTo ? t.from === account : t.to === account || t.from === account))
      .filter((t) => !q.get('contract_address') || t.token_info.address === q.get('contract_address'))
      .filter(which)
      .filter((t) => t.block_timestamp >= Number(q.get('min_timestamp') ?? q.get('min_block_timestamp') ?? 0))
      .filter((t) => t.block_timestamp <= Number(q.get('max_timestamp') ?? q.get('max_block_timestamp') ?? Number.MAX_SAFE_INTEGER));
    // Newest first (order_by block_timestamp,desc, the default) or oldest first (asc); within a
    // transaction, by log.
    const asc = q.get('order_by') === 'block_timestamp,asc';
    data.sort((a, b) => (asc ? a.block_timestamp - b.block_timestamp : b.block_timestamp - a.block_timestamp) || a.event_index - b.event_index);
    const limit = Math.min(200, Math.max(1, Number(q.get('limit') ?? 20)));
    const after = q.get('fingerprint');
    const from = after ? data.findIndex((t) => fingerprintOf(t) === after) + 1 : 0;
    const page = after && from === 0 ? [] : data.slice(from, from + limit);
    const more = from + limit < data.length && page.length > 0;
    const fingerprint = more ? fingerprintOf(page[page.length - 1]!) : undefined;
    const next = fingerprint ? new URL(url.pathname + url.search, 'https://api.trongrid.io') : undefined;
    next?.searchParams.set('fingerprint', fingerprint!);
    return {
      status: 200,
      body: {
        // The documented entry: no confirmed flag, no log index.
        data: page.map(({ confirmed: _c, event_index: _e, block_number: _b, ...t }) => t),
        success: true,
        meta: { at: Date.now(), page_size: page.length, ...(fingerprint ? { fingerprint, links: { next: next!.toString() } } : {}) },
      },
    };
  })) as FakeTronGrid;

  fake.transfers = transfers;
  fake.send = (to, micro, opts = {}) => {
    const id = opts.txid ?? randomBytes(32).toString('hex');
    const sameTx = transfers.filter((t) => t.transaction_id === id);
    if (!sameTx.length) block += 1;
    transfers.push({
      transaction_id: id,
      event_index: sameTx.length,
      token_info: { symbol: 'USDT', address: opts.contract ?? USDT_CONTRACT, decimals: 6, name: 'Tether USD' },
      // A block every 3 s: the order of the history is the order of the sends.
      block_timestamp: sameTx[0]?.block_timestamp ?? 1_700_000_000_000 + block * 3000,
      block_number: sameTx[0]?.block_number ?? block,
      from: opts.from ?? PAYER,
      to,
      type: 'Transfer',
      value: String(micro),
      confirmed: sameTx[0]?.confirmed ?? opts.confirmed ?? false,
    });
    return id;
  };
  fake.dust = (to, count, opts = {}) => {
    const perBlock = opts.perBlock ?? 1;
    for (let i = 0; i < count; i++) {
      if (i % perBlock === 0) block += 1;
      transfers.push({
        transaction_id: randomBytes(32).toString('hex'),
        event_index: 0,
        token_info: { symbol: 'USDT', address: USDT_CONTRACT, decimals: 6, name: 'Tether USD' },
        block_timestamp: 1_700_000_000_000 + block * 3000,
        block_number: block,
        from: POISONER,
        to,
        type: 'Transfer',
        value: '0',
        confirmed: opts.confirmed ?? true,
      });
    }
  };
  fake.solidify = (txid) => {
    for (const t of transfers) if (t.transaction_id === txid) t.confirmed = true;
  };
  fake.drop = (txid) => {
    if (transfers.some((t) => t.transaction_id === txid && t.confirmed)) throw new Error('fake trongrid: a solidified transaction cannot vanish');
    for (let i = transfers.length - 1; i >= 0; i--) if (transfers[i]!.transaction_id === txid) transfers.splice(i, 1);
  };
  fake.failNext = (status, times = 1) => {
    for (let i = 0; i < times; i++) failures.push(status);
  };
  return fake;
}
