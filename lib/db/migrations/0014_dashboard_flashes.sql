-- What a dashboard action leaves for the next render of its page (a notice, an error, or a secret
-- shown once: a webhook signing secret, new API keys, an invited user's password). In the database,
-- so it reaches the next request whichever instance serves it; encrypted with a key derived from
-- the session's cookie token, which the database never holds (lib/dashboard/catalog.ts), taken (deleted)
-- by the first read, and dropped after a minute.
create table dashboard_flashes (
  session_hash text primary key,
  payload text not null,
  expires_at bigint not null
);
