#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL database, dropped afterwards:
#   bash scripts/with-postgres.sh npx vitest run
# Uses the server at PGHOST:PGPORT (default 127.0.0.1:5432, user postgres). If none answers, it
# starts one: the machine's Debian cluster (pg_ctlcluster), or else a private cluster under
# $TMPDIR/caisse-pg-<uid> with initdb + pg_ctl on port 54329, stopped again afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
PGHOST=${PGHOST:-127.0.0.1}
PGPORT=${PGPORT:-5432}
PGUSER=${PGUSER:-postgres}
export PGHOST PGPORT PGUSER

ready() { pg_isready -q -h "$PGHOST" -p "$PGPORT" 2>/dev/null; }

if ! command -v pg_isready >/dev/null 2>&1; then
  echo "with-postgres: PostgreSQL client tools are missing (apt-get install -y postgresql)" >&2
  exit 1
fi
if ! ready; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ] && [ "$PGPORT" = 5432 ]; then
    echo "with-postgres: starting the machine's PostgreSQL cluster" >&2
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
  fi
fi
started_here=""
if ! ready; then
  bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$bindir" ] || { echo "with-postgres: no PostgreSQL server here (apt-get install -y postgresql)" >&2; exit 1; }
  PGPORT=54329; export PGPORT
  # Outside the repository: the postgres user must be able to reach it when we run as root.
  dir="${TMPDIR:-/tmp}/caisse-pg-$(id -u)"
  if [ "$(id -u)" = 0 ]; then PGUSER=postgres; run() { su postgres -s /bin/sh -c "$*"; }; else PGUSER=$(id -un); run() { sh -c "$*"; }; fi
  export PGUSER
  if ! ready; then
    if [ ! -f "$dir/PG_VERSION" ]; then
      mkdir -p "$dir"; [ "$(id -u)" = 0 ] && chown postgres "$dir"
      run "$bindir/initdb -D '$dir' -A trust -U $PGUSER >/dev/null"
    fi
    echo "with-postgres: starting a private PostgreSQL on port $PGPORT ($dir)" >&2
    run "$bindir/pg_ctl -D '$dir' -o '-p $PGPORT -k /tmp' -l '$dir/server.log' -w start >/dev/null"
    started_here="$bindir/pg_ctl -D '$dir' -m fast -w stop >/dev/null"
  fi
fi

db="caisse_test_$$_$RANDOM"
createdb -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" "$db"
cleanup() {
  # With it, the copies made from it: one per vitest worker (test/global-setup.ts drops them
  # itself, unless the run was killed).
  for copy in $(psql -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" -d postgres -Atc "select datname from pg_database where datname like '${db}\_w%'" 2>/dev/null); do
    dropdb --if-exists -f -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" "$copy" >/dev/null 2>&1 || true
  done
  dropdb --if-exists -f -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" "$db" >/dev/null 2>&1 || true
  [ -z "$started_here" ] || run "$started_here" || true
}
trap cleanup EXIT
export DATABASE_URL="postgres://$PGUSER@$PGHOST:$PGPORT/$db"
echo "with-postgres: DATABASE_URL=$DATABASE_URL" >&2
"$@"
