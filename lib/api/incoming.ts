// A request as lib/api/route.ts reads it, whatever carried it: a web Request (Next.js's route
// handlers, tests) or Node's own IncomingMessage (the production server, lib/api/router.ts, which
// skips building a web Request, a body stream and a web Response per call: measured as most of the
// API's own cost per request in `npm run bench:api`). The answer is plain data for the same reason.
// Type-only for the router: it builds these objects itself and imports nothing of lib/ at run time.
import { toReadableStream } from '../csv';

/** The body, read up to a limit: its bytes, or why there are none. */
export type BodyResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too_large' | 'aborted' };

export interface ApiIncoming {
  readonly method: string;
  readonly url: URL;
  /** A header's value (name in lower case), or null. */
  header(name: string): string | null;
  /** The whole body, refused as soon as it grows past `limit` bytes (whatever Content-Length says). */
  readBody(limit: number): Promise<BodyResult>;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  /**
   * JSON text, or a file's bytes streamed (a report's CSV): read one chunk at a time as the client
   * takes them (lib/api/router.ts waits for 'drain'; toResponse pulls), and ended (`return()`) when
   * the client goes away.
   */
  body: string | AsyncIterable<Uint8Array>;
}

export function fromWebRequest(request: Request): ApiIncoming {
  return {
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    async readBody(limit) {
      if (!request.body) return { ok: true, bytes: new Uint8Array() };
      const reader = request.body.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          if (size > limit) {
            await reader.cancel().catch(() => {});
            return { ok: false, reason: 'too_large' };
          }
          chunks.push(value);
        }
      } catch {
        return { ok: false, reason: 'aborted' };
      }
      return { ok: true, bytes: Buffer.concat(chunks) };
    },
  };
}

export function toResponse(answer: ApiAnswer): Response {
  const { body } = answer;
  return new Response(typeof body === 'string' ? body : toReadableStream(body[Symbol.asyncIterator]()), { status: answer.status, headers: answer.headers });
}
