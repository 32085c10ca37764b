// Standard Webhooks signatures: `whsec_` + base64 secrets (the format the standardwebhooks
// libraries take as is), `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, several separated by
// spaces while a rolled secret's overlap lasts.
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** 32 random bytes: above the 24 the spec asks for, and what HMAC-SHA256 keys are best at. */
export const SECRET_BYTES = 32;

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** One `v1,<signature>` for this secret. `timestamp` is Unix seconds. */
export function sign(secret: string, msgId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${msgId}.${timestamp}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers, signed with every secret still valid (newest first). */
export function webhookHeaders(secrets: readonly string[], msgId: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => sign(s, msgId, timestamp, body)).join(' '),
  };
}
