// Fan-out, inside the outbox transaction: which webhook_deliveries rows an event makes. recordEvent
// (./events.ts) calls this in the transaction of the change, so an event and its delivery rows commit
// together or not at all. Only endpoints that exist and are enabled now receive it (an endpoint made
// later never gets older events); the unique (event_id, endpoint_id) constraint makes a second row
// for the same pair impossible. lib/webhooks (above the domain) sends the rows.
import type { Db } from '../db/client';
import { createId } from '../ids';

export interface FanOutEvent {
  id: string;
  type: string;
  livemode: boolean;
  createdAt: number;
}

/**
 * The endpoints an event goes to, as SQL over parameters (merchant, livemode, event type): enabled,
 * subscribed to the type or to everything. `for key share` keeps a concurrent DELETE of the
 * endpoint from failing the change's transaction (the payment) on the foreign key; it does not
 * block updates of the endpoint's other columns. Also used inside one-statement creates
 * (./events.ts insertWithEvent).
 */
export const matchingEndpointsSql = (merchant: string, livemode: string, type: string) =>
  `select id from webhook_endpoints
    where merchant_id = ${merchant} and livemode = ${livemode} and status = 'enabled'
      and (enabled_events @> '["*"]'::jsonb or enabled_events @> jsonb_build_array(${type}::text))
    for key share`;

export async function fanOutEvent(tx: Db, merchantId: string, event: FanOutEvent): Promise<number> {
  const endpoints = await tx.query<{ id: string }>(`select id from (${matchingEndpointsSql('$1', '$2', '$3')}) e order by id`, [
    merchantId,
    event.livemode,
    event.type,
  ]);
  if (!endpoints.length) return 0;
  const params: unknown[] = [merchantId, event.livemode, event.id, event.type, event.createdAt];
  const values = endpoints.map((e) => {
    params.push(createId('whd'), e.id);
    const id = `$${params.length - 1}`;
    const endpoint = `$${params.length}`;
    return `(${id}, $1, $2, $3, ${endpoint}, $4, 'pending', $5, $5, $5)`;
  });
  const rows = await tx.query(
    `insert into webhook_deliveries (id, merchant_id, livemode, event_id, endpoint_id, event_type, status, next_attempt_at, created_at, updated_at)
     values ${values.join(', ')}
     on conflict (event_id, endpoint_id) do nothing returning id`,
    params,
  );
  return rows.length;
}
