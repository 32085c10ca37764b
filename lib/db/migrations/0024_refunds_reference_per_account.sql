-- One transfer proves one refund, within the books it belongs to: an operator's transaction ids
-- (MTN's financialTransactionId, Orange's txnid...) are unique in one account's books, not across
-- the accounts of a deployment (a merchant's own MTN account in another market or environment
-- numbers its transactions as the deployment's does), nor across test and live mode. Scoped over
-- every rail, the backend's own answer about a refund it paid could not be recorded (a unique
-- violation, the refund left pending forever), and a merchant learnt of another's references.
drop index refunds_operator_reference;
create unique index refunds_operator_reference on refunds (rail, livemode, coalesce(rail_account_id, ''), operator_reference)
  where operator_reference is not null and status not in ('failed', 'canceled');
