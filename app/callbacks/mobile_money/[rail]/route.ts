// Operator callbacks and notifications (MTN MoMo's callback, PUT or POST; Orange Money's
// notification; Wave's signed webhook). Each adapter reads its own (and verifies it where the
// operator signs it); the outcome is always read from the operator's API, never from the body.
import { readBodyText } from '@/lib/api/request';
import { errorResponse, json, newRequestId } from '@/lib/api/route';
import { getDb } from '@/lib/db/client';
import { handleMobileMoneyCallback } from '@/lib/payments/callback';

async function callback(request: Request, ctx: { params: Promise<Record<string, string | string[]>> }): Promise<Response> {
  const requestId = newRequestId();
  try {
    const { rail } = await ctx.params;
    const rawBody = await readBodyText(request);
    const out = await handleMobileMoneyCallback(await getDb(), String(rail), { headers: request.headers, rawBody, url: request.url });
    return json(out, 200, requestId);
  } catch (err) {
    return errorResponse(err, requestId, { path: new URL(request.url).pathname });
  }
}

export { callback as POST, callback as PUT };
