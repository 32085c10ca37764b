// A merchant's rail account's callbacks and notifications (MTN's callback, Orange's notification,
// Wave's signed webhook): the URL names the account (`/callbacks/ra_...`), whose secrets verify
// them. As for the deployment's (../mobile_money/[rail]), they only make us ask the operator.
import { readBodyText } from '@/lib/api/request';
import { errorResponse, json, newRequestId } from '@/lib/api/route';
import { getDb } from '@/lib/db/client';
import { handleAccountCallback } from '@/lib/payments/callback';

async function callback(request: Request, ctx: { params: Promise<Record<string, string | string[]>> }): Promise<Response> {
  const requestId = newRequestId();
  try {
    const { account } = await ctx.params;
    const rawBody = await readBodyText(request);
    const out = await handleAccountCallback(await getDb(), String(account), { headers: request.headers, rawBody, url: request.url });
    return json(out, 200, requestId);
  } catch (err) {
    return errorResponse(err, requestId, { path: new URL(request.url).pathname });
  }
}

export { callback as POST, callback as PUT };
