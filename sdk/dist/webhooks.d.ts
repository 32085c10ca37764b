import type { Event } from './types.js';
/** The delivery's headers: node:http's `req.headers`, a fetch `Headers`, or a plain object. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;
/**
 * The event a delivery carries, once its signature is checked. `rawBody` is the body exactly as
 * received (a string or the bytes: parsing and re-serialising JSON changes it and breaks the
 * signature); `secret` is the endpoint's `whsec_...`. Throws CaisseSignatureError otherwise.
 */
export declare function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string): Event;
