// CSV, written once for every export (the dashboard's payments and refunds, the report files of
// lib/reports): RFC 4180 (comma, CRLF, quoted when needed, quotes doubled), safe to open in a
// spreadsheet: a text cell that starts with =, +, -, @, a tab or a carriage return would be read as a
// formula (CSV injection), so it gets a leading single quote. No CSV library is installed; this
// writer is the few lines below. Rows are written as they come: an export streams page by page and
// never holds the whole list. At the bottom: imports nothing.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula-escaped, then quoted if it holds a comma, a quote, CR or LF (quotes doubled). */
export function csvCell(value: string | number | bigint | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  // Numbers are ours and never formulas (a negative amount stays a number a spreadsheet can add).
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line, CRLF-terminated. */
export const csvRow = (cells: readonly (string | number | bigint | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The header and one line per item as UTF-8 chunks, one chunk a page, pulling the next page only
 * when the reader asks for the next chunk (a slow download does not make the server read ahead).
 */
export async function* csvChunks<T>(header: readonly string[], pages: AsyncIterable<T[]>, line: (item: T) => string): AsyncGenerator<Uint8Array> {
  const enc = new TextEncoder();
  yield enc.encode(csvRow(header));
  for await (const page of pages) if (page.length > 0) yield enc.encode(page.map(line).join(''));
}

/** The same as a web stream (a route's Response body): one chunk pulled per read, the pages closed on cancel. */
export function csvStream<T>(header: readonly string[], pages: AsyncIterator<T[]>, line: (item: T) => string): ReadableStream<Uint8Array> {
  const iterable: AsyncIterable<T[]> = { [Symbol.asyncIterator]: () => pages };
  return toReadableStream(csvChunks(header, iterable, line));
}

/** An async iterator of chunks as a web stream with backpressure (highWaterMark 1); cancel ends the iterator. */
export function toReadableStream(chunks: AsyncIterator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return?.(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
