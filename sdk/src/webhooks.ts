// Verifying a webhook delivery (Standard Webhooks, with the official `standardwebhooks` library):
// the signature over `<webhook-id>.<webhook-timestamp>.<raw body>` with the endpoint's secret, a
// timestamp within 5 minutes, then the body as a typed Event.
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { CaisseSignatureError } from './errors.js';
import type { Event } from './types.js';

/** The delivery's headers: node:http's `req.headers`, a fetch `Headers`, or a plain object. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

function headerRecord(headers: WebhookHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  const get =
    headers instanceof Headers
      ? (name: string) => headers.get(name) ?? undefined
      : (name: string) => {
          const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
          const v = key === undefined ? undefined : headers[key];
          return Array.isArray(v) ? v.join(' ') : v;
        };
  for (const name of SIGNATURE_HEADERS) {
    const v = get(name);
    if (v === undefined || v === '') throw new CaisseSignatureError(`Missing ${name} header: this is not a Caisse webhook delivery.`);
    out[name] = v;
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isEvent(v: unknown): v is Event {
  return (
    isRecord(v) &&
    v.object === 'event' &&
    typeof v.id === 'string' &&
    typeof v.type === 'string' &&
    typeof v.createdAt === 'number' &&
    isRecord(v.data) &&
    isRecord(v.data.object) &&
    typeof v.data.object.object === 'string'
  );
}

/**
 * The event a delivery carries, once its signature is checked. `rawBody` is the body exactly as
 * received (a string or the bytes: parsing and re-serialising JSON changes it and breaks the
 * signature); `secret` is the endpoint's `whsec_...`. Throws CaisseSignatureError otherwise.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string): Event {
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder('utf-8', { fatal: false }).decode(rawBody);
  const signed = headerRecord(headers);
  let parsed: unknown;
  try {
    parsed = new Webhook(secret).verify(body, signed);
  } catch (err) {
    if (err instanceof WebhookVerificationError) throw new CaisseSignatureError(`Webhook signature verification failed: ${err.message}.`, { cause: err });
    throw new CaisseSignatureError(
      `Webhook verification failed: ${err instanceof Error ? err.message : String(err)} (is the secret the endpoint's whsec_... value?)`,
      { cause: err },
    );
  }
  if (!isEvent(parsed)) throw new CaisseSignatureError('The webhook body is signed but is not a Caisse event.');
  return parsed;
}
