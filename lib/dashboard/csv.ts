// CSV for the dashboard's exports (RFC 4180: comma, CRLF, quoted when needed, quotes doubled), safe
// to open in a spreadsheet: a cell that starts with =, +, -, @, a tab or a carriage return would be
// read as a formula (CSV injection), so it gets a leading single quote. No CSV library is installed;
// this writer is the few lines below. Rows are written as they come: an export streams page by
// page and never holds the whole list.
import type { PaymentIntent } from '../domain/payment-intents';
import { zonedIso } from '../time-zone';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula-escaped, then quoted if it holds a comma, a quote, CR or LF (quotes doubled). */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  // Numbers are ours and never formulas (a negative amount cannot happen; keep them numeric).
  if (typeof value !== 'number' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line, CRLF-terminated. */
export const csvRow = (cells: readonly (string | number | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

export const PAYMENT_CSV_COLUMNS = ['id', 'createdAt', 'status', 'amount', 'amountReceived', 'currency', 'rail', 'reference', 'description'] as const;

/** A payment intent's line; amounts in minor units (as the API gives them), createdAt in ISO 8601 with the merchant's offset. */
export function paymentCsvRow(p: PaymentIntent, timeZone: string): string {
  return csvRow([p.id, zonedIso(p.createdAt, timeZone), p.status, p.amount, p.amountReceived, p.currency, p.rail, p.reference, p.description]);
}

/**
 * A byte stream of the header and one line per item, pulling the next page only when the reader
 * wants more (backpressure: a slow download does not make the server read ahead).
 */
export function csvStream<T>(header: readonly string[], pages: AsyncIterator<T[]>, line: (item: T) => string): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(enc.encode(csvRow(header)));
          return;
        }
        const next = await pages.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(enc.encode(next.value.map(line).join('')));
      },
      async cancel() {
        await pages.return?.(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
