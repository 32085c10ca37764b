// The ledger, read (issue 28): balance transactions (`txn_...`, GET /v1/balance_transactions) and
// the balance per account and currency (GET /v1/balance). Written only by lib/store/ledger.ts, in the
// transaction of each money movement. Exact integers; rates as decimal strings.
import { z } from 'zod';
import type { Db, Row } from '../db/client';
import { notFound } from '../errors';
import type { Currency, Rail } from '../money';
import { BALANCE_TRANSACTION_TYPES, type BalanceTransactionType } from '../store/ledger';
import type { Scope } from './common';
import { listObjects, listQuery } from './list';

export const listBalanceTransactionsQuery = listQuery({
  type: z.enum(BALANCE_TRANSACTION_TYPES, { error: `type must be one of ${BALANCE_TRANSACTION_TYPES.join(', ')}` }).optional(),
  source: z.string().max(100).optional(),
  railAccountId: z.string().max(100).optional(),
});

export interface BalanceTransaction {
  id: string;
  object: 'balance_transaction';
  type: BalanceTransactionType;
  /** The payment intent (pi_...) or the refund (re_...) that moved the money. */
  source: string;
  paymentIntentId: string;
  rail: Rail;
  railAccountId: string | null;
  /** True when the money moved in the deployment's own account (the aggregator model): the platform owes it to the merchant. */
  platformAccount: boolean;
  /** As moved on the rail (francs, sats, micro-USDT): money in positive, out negative. */
  amount: number;
  currency: Currency;
  amountInIntentCurrency: number;
  intentCurrency: Currency;
  /** Intent units per rail unit (the quote's, for a converted payment); null without conversion. */
  rate: string | null;
  livemode: boolean;
  createdAt: number;
}

export function toBalanceTransaction(r: Row): BalanceTransaction {
  return {
    id: String(r.id),
    object: 'balance_transaction',
    type: r.type as BalanceTransactionType,
    source: String(r.source),
    paymentIntentId: String(r.payment_intent_id),
    rail: r.rail as Rail,
    railAccountId: (r.rail_account_id as string | null) ?? null,
    platformAccount: r.account_owner === 'platform',
    amount: Number(r.amount),
    currency: r.currency as Currency,
    amountInIntentCurrency: Number(r.amount_in_intent_currency),
    intentCurrency: r.intent_currency as Currency,
    rate: (r.rate as string | null) ?? null,
    livemode: r.livemode === true,
    createdAt: Number(r.created_at),
  };
}

export async function listBalanceTransactions(db: Db, scope: Scope, query: z.output<typeof listBalanceTransactionsQuery>) {
  return listObjects({
    db,
    merchant: scope,
    table: 'balance_transactions',
    url: '/v1/balance_transactions',
    query,
    filters: { type: query.type, source: query.source, rail_account_id: query.railAccountId },
    map: toBalanceTransaction,
  });
}

export async function retrieveBalanceTransaction(db: Db, scope: Scope, id: string): Promise<BalanceTransaction> {
  const rows = await db.query(`select * from balance_transactions where id = $1 and merchant_id = $2 and livemode = $3`, [
    id,
    scope.merchantId,
    scope.livemode,
  ]);
  if (!rows[0]) throw notFound('balance_transaction', id);
  return toBalanceTransaction(rows[0]);
}

export interface BalanceAccount {
  rail: Rail;
  railAccountId: string | null;
  platformAccount: boolean;
  currency: Currency;
  /** Payments, overpayments and late payments, less money reversed on chain. */
  received: number;
  /** Refunds (a positive number: what went back). */
  refunded: number;
  net: number;
}

export interface Balance {
  object: 'balance';
  accounts: BalanceAccount[];
  livemode: boolean;
}

/** What an account's money in one currency was worth in one intent currency when it moved (the dashboard's franc value). */
export interface BalanceValue {
  intentCurrency: Currency;
  received: number;
  refunded: number;
  net: number;
}

/** A balance line with its worth in each intent currency it was taken for. */
export type BalanceAccountWithValues = BalanceAccount & { values: BalanceValue[] };

/**
 * The ledger summed per rail, account and currency (as moved on the rail), and per intent currency
 * at each line's own value (the quote's rate for a converted payment, never today's).
 */
export async function balanceWithValues(db: Db, scope: Scope): Promise<BalanceAccountWithValues[]> {
  const rows = await db.query<{
    rail: string;
    rail_account_id: string | null;
    platform: boolean;
    currency: string;
    intent_currency: string;
    received: string;
    refunded: string;
    value_received: string;
    value_refunded: string;
  }>(
    `select rail, rail_account_id, account_owner = 'platform' as platform, currency, intent_currency,
            coalesce(sum(amount) filter (where type not in ('refund', 'refund_reversal')), 0)::text as received,
            coalesce(-sum(amount) filter (where type in ('refund', 'refund_reversal')), 0)::text as refunded,
            coalesce(sum(amount_in_intent_currency) filter (where type not in ('refund', 'refund_reversal')), 0)::text as value_received,
            coalesce(-sum(amount_in_intent_currency) filter (where type in ('refund', 'refund_reversal')), 0)::text as value_refunded
       from balance_transactions where merchant_id = $1 and livemode = $2
      group by rail, rail_account_id, account_owner = 'platform', currency, intent_currency
      order by rail, rail_account_id nulls first, currency, intent_currency`,
    [scope.merchantId, scope.livemode],
  );
  const out: BalanceAccountWithValues[] = [];
  for (const r of rows) {
    let line = out.find(
      (a) => a.rail === r.rail && a.railAccountId === r.rail_account_id && a.platformAccount === (r.platform === true) && a.currency === r.currency,
    );
    if (!line) {
      line = {
        rail: r.rail as Rail,
        railAccountId: r.rail_account_id,
        platformAccount: r.platform === true,
        currency: r.currency as Currency,
        received: 0,
        refunded: 0,
        net: 0,
        values: [],
      };
      out.push(line);
    }
    line.received += Number(r.received);
    line.refunded += Number(r.refunded);
    line.net = line.received - line.refunded;
    const vr = Number(r.value_received);
    const vf = Number(r.value_refunded);
    line.values.push({ intentCurrency: r.intent_currency as Currency, received: vr, refunded: vf, net: vr - vf });
  }
  return out;
}

/** The ledger summed per rail, account and currency (as moved on the rail). */
export async function retrieveBalance(db: Db, scope: Scope): Promise<Balance> {
  const lines = await balanceWithValues(db, scope);
  return { object: 'balance', accounts: lines.map(({ values: _, ...a }) => a), livemode: scope.livemode };
}
