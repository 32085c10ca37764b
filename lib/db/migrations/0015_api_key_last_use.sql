-- When each API key was last used (at most a minute stale: the key lookup writes it at most once a
-- minute, in the same statement; lib/api/auth.ts), for the dashboard's API keys page.
alter table api_keys add column last_used_at bigint;
