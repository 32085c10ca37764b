import { apiRoute, methods } from '@/lib/api/route';
import { createCheckoutSession, createCheckoutSessionInput, listCheckoutSessions, listCheckoutSessionsQuery } from '@/lib/domain/checkout-sessions';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/checkout_sessions: a hosted page for a payment intent or a price
  POST: apiRoute({ permission: 'payments.write', body: createCheckoutSessionInput, atomic: true }, ({ db, merchant, body }) =>
    createCheckoutSession(db, merchant, body),
  ),
  // GET /v1/checkout_sessions
  GET: apiRoute({ permission: 'payments.read', query: listCheckoutSessionsQuery }, ({ db, merchant, query }) => listCheckoutSessions(db, merchant, query)),
});
