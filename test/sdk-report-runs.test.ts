// The SDK's report runs (caisse.reportRuns) against the real route handlers, in process: create,
// retrieve, list, the file as text and as a stream once the worker completed the run, and a pending
// run's file as a typed 409 report_not_ready. Each answer is checked against the OpenAPI document.
import { describe, expect, it } from 'vitest';
import { loadApiRoutes, matchRoute } from '@/lib/api/router';
import { zonedDate } from '@/lib/time-zone';
import { Caisse, CaisseInvalidRequestError } from '../sdk/src/index';
import { newMerchant, useDatabase } from './api';
import { newIntent, now } from './lifecycle-helpers';
import { checkResponse } from './openapi-ajv';
import { reportPass } from './report-helpers';

const { db } = useDatabase();
const routes = loadApiRoutes();

async function inProcess(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const hit = matchRoute(await routes, url.pathname);
  if (!hit) throw new Error(`no route for ${url.pathname}`);
  const handler = hit.module[request.method] as (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>;
  const res = await handler(request, { params: Promise.resolve(hit.params) });
  const text = await res.text();
  checkResponse(request.method, url.pathname, { status: res.status, headers: res.headers, text });
  return new Response(text || null, { status: res.status, headers: res.headers });
}

describe('the SDK: report runs', () => {
  it('create, retrieve, list; the file once succeeded (text and stream); 409 report_not_ready before', async () => {
    const m = await newMerchant(db(), 'SDK reports shop');
    const caisse = new Caisse(m.keys.test, { fetch: inProcess });
    const pi = await newIntent(m.keys.test, { amount: 4000, currency: 'XOF', rail: 'mobile_money_a' });
    await caisse.testHelpers.paymentIntents.pay(pi.id);
    const today = zonedDate(now(), (await caisse.account.retrieve()).timeZone);
    const run = await caisse.reportRuns.create({ type: 'balance_transactions', from: today, to: today });
    expect(run).toMatchObject({ object: 'report_run', status: 'pending', fileUrl: null });
    const early = await caisse.reportRuns.file(run.id).catch((e: unknown) => e);
    expect(early).toBeInstanceOf(CaisseInvalidRequestError);
    expect(early).toMatchObject({ status: 409, code: 'report_not_ready' });
    expect(await reportPass(db(), m.merchant.id, now())).toBe(1);
    expect(await caisse.reportRuns.retrieve(run.id)).toMatchObject({ status: 'succeeded', rowCount: 1 });
    expect((await caisse.reportRuns.list().toArray()).map((r) => r.id)).toEqual([run.id]);
    const text = await caisse.reportRuns.file(run.id);
    expect(text.split('\r\n')[1]).toContain(pi.id);
    const stream = await caisse.reportRuns.fileStream(run.id);
    expect(await new Response(stream).text()).toBe(text);
  });
});
