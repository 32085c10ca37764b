// The dashboard's exports: the payment line. The writer itself (RFC 4180, formula escaping, the
// streamed pages) is lib/csv.ts, shared with the report files (lib/reports).
import { csvRow } from '../csv';
import type { PaymentIntent } from '../domain/payment-intents';
import { zonedIso } from '../time-zone';

export { csvCell, csvRow, csvStream } from '../csv';

export const PAYMENT_CSV_COLUMNS = ['id', 'createdAt', 'status', 'amount', 'amountReceived', 'currency', 'rail', 'reference', 'description'] as const;

/** A payment intent's line; amounts in minor units (as the API gives them), createdAt in ISO 8601 with the merchant's offset. */
export function paymentCsvRow(p: PaymentIntent, timeZone: string): string {
  return csvRow([p.id, zonedIso(p.createdAt, timeZone), p.status, p.amount, p.amountReceived, p.currency, p.rail, p.reference, p.description]);
}
