-- A team (issue 29, the sign-in half): roles on users, invitations by a one-time link, two-factor
-- sign-in (TOTP) with recovery codes, and the merchant's setting that requires it of owners and
-- admins. lib/dashboard/roles.ts, invitations.ts, two-factor.ts.

-- Every user has one role; the users there before are the merchant's owners.
alter table users add column role text not null default 'owner'
  check (role in ('owner', 'admin', 'developer', 'support', 'viewer'));
create index users_merchant_owners on users (merchant_id) where role = 'owner' and disabled_at is null;

-- TOTP (RFC 6238): the secret sealed with the deployment's key ring (lib/secrets.ts; associated
-- data `totp:<user id>`), null without two-factor sign-in. `totp_pending` is a secret being enrolled
-- (shown on the account page until a first code confirms it). `totp_last_step` is the last time step
-- a code was accepted for: a step at or before it is refused (a replayed code).
alter table users add column totp_secret text;
alter table users add column totp_pending text;
alter table users add column totp_enabled_at bigint;
alter table users add column totp_last_step bigint;

-- Recovery codes: only their SHA-256 (80 random bits each: no dictionary reaches them); each once.
create table user_recovery_codes (
  user_id text collate "C" not null references users(id),
  code_hash text collate "C" not null,
  used_at bigint,
  created_at bigint not null,
  primary key (user_id, code_hash)
);

-- Invitations: the link's random token is stored only as its SHA-256. Pending while none of
-- accepted_at / revoked_at is set and expires_at is ahead.
create table user_invitations (
  id text collate "C" primary key,
  seq bigserial,
  merchant_id text collate "C" not null references merchants(id),
  email text not null,
  role text not null check (role in ('owner', 'admin', 'developer', 'support', 'viewer')),
  token_hash text collate "C" not null unique,
  invited_by text collate "C" references users(id),
  created_at bigint not null,
  expires_at bigint not null,
  accepted_at bigint,
  user_id text collate "C" references users(id),
  revoked_at bigint
);
create index user_invitations_merchant on user_invitations (merchant_id, created_at desc, seq desc);

-- Half signed in: the password was right, the second factor is still due. Not a session (nothing
-- but the code form accepts it); its token in a cookie, only its SHA-256 here; minutes long.
create table sign_in_challenges (
  token_hash text collate "C" primary key,
  user_id text collate "C" not null references users(id),
  created_at bigint not null,
  expires_at bigint not null,
  failures integer not null default 0
);
create index sign_in_challenges_expires on sign_in_challenges (expires_at);

-- The merchant's setting: owners and admins must have two-factor sign-in (sent to enrol first).
alter table merchants add column require_two_factor boolean not null default false;
