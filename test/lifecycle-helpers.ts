// Shared by the lifecycle tests: make intents, read events.
import type { Db } from '@/lib/db/client';
import { call } from './api';

export async function newIntent(key: string, body: Record<string, unknown>) {
  const r = await call('POST', '/v1/payment_intents', { key, body });
  if (r.status !== 200) throw new Error(`create intent: ${JSON.stringify(r.body)}`);
  return r.body as { id: string; [k: string]: any };
}

export async function eventTypes(db: Db, objectId: string): Promise<string[]> {
  const rows = await db.query<{ type: string }>(`select type from events where data->'object'->>'id' = $1`, [objectId]);
  return rows.map((r) => r.type).sort();
}

export const now = () => Math.floor(Date.now() / 1000);
